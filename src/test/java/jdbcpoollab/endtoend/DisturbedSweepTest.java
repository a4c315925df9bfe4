package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real short sweep on the embedded MariaDB with a CPU hog beside it (a busy shell loop, bounded by {@code timeout}
 * and stopped when the sweep ends): every step is marked disturbed with its figures, and the answer says it rests on
 * them. A quiet counterpart is left out: on a 2-core machine shared with other builds no threshold low enough to mean
 * anything holds reliably. Its bounds are all lower ones on what other processes take, so a test running beside it
 * only adds to them: it runs with the others, not alone.
 */
class DisturbedSweepTest {
   private static GatlingRun.Result run;
   private static String page;

   @BeforeAll
   static void sweepBesideAHog() throws IOException {
      Process hog = new ProcessBuilder("timeout", "180", "sh", "-c", "while :; do :; done").start();
      try {
         run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1,2", "users", "16", "seconds", "2", "warmup", "0.5",
               "workloads", "cpu", "rows", "20000", "disturbed.maxPct", "10"), false);
      } finally {
         hog.descendants().forEach(ProcessHandle::destroy);
         hog.destroy();
      }
      page = Files.readString(run.folder().resolve("index.html"));
   }

   @Test
   void everyHoggedStepIsDisturbedWithItsShareAboveTheThreshold() {
      assertEquals(0, run.exitCode(), run.console());
      for (int pool : new int[] {1, 2}) {
         @SuppressWarnings("unchecked")
         Map<String, Object> m = (Map<String, Object>) run.step("cpu", pool).get("machine");
         assertEquals(true, m.get("disturbed"), m.toString());
         assertEquals(10.0, number(m, "maxPct"), m.toString());
         @SuppressWarnings("unchecked")
         Map<String, Object> shares = (Map<String, Object>) m.get("shares");
         assertTrue(number(shares, "others") + number(shares, "steal") > 0.10, m.toString());
         assertTrue(number(m, "othersCores") > 0.2, "the hog alone is up to a core: " + m);
         assertEquals("embedded server", m.get("server"), m.toString());
         assertTrue(number(m, "serverCores") > 0 && number(m, "jvmCores") > 0, m.toString());
         assertEquals(Runtime.getRuntime().availableProcessors(), (int) number(m, "cpus"));
      }
      assertTrue(run.console().contains("cpu pool=1: done,") && run.console().contains("; disturbed: other processes "),
            run.console());
   }

   @Test
   void theTablesCsvAndPageMarkTheDisturbedSteps() throws IOException {
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.contains("| 1 (disturbed)") && md.contains("| 2 (disturbed)"), md);
      assertTrue(md.contains("cpu pool=1: disturbed: other processes "), md);
      List<String> csv = Files.readAllLines(run.folder().resolve("summary.csv"));
      int column = List.of(csv.get(0).split(",")).indexOf("disturbed");
      assertTrue(column > 0, csv.get(0));
      assertEquals(List.of("true", "true"), csv.subList(1, 3).stream().map(l -> l.split(",")[column]).toList());
      for (int pool : new int[] {1, 2}) {
         assertTrue(Pattern.compile("<td[^>]*>" + pool + " [^<]*\\(disturbed\\)").matcher(page).find(),
               "pool " + pool + " marked in the page's tables");
      }
      assertTrue(page.contains("others + steal"), "the page's steps table has the others' column");
   }

   /** The closing summary, summary.md and the page begin with how busy the machine was, and what to run. */
   @Test
   void theRunsFirstLinesSayHowBusyTheMachineWasAndWhatToRun() throws IOException {
      String busy = run.console().lines().filter(l -> l.startsWith("Other work kept the machine busy: ")).findFirst()
            .orElseThrow(() -> new AssertionError(run.console()));
      assertTrue(run.console().indexOf(busy) < run.console().lastIndexOf("Times in ms."), "above the tables");
      assertTrue(busy.startsWith("Other work kept the machine busy: 2 of 2 steps were disturbed, other processes"
            + " taking a median "), busy);
      assertTrue(busy.contains("more than the 10% allowed (-Ddisturbed.maxPct); cpu: pool "), busy);
      assertTrue(busy.contains(" cannot be checked, every step of pool "), "both pools disturbed: " + busy);
      assertTrue(Pattern.compile("run again on a quieter machine, or with -Drepeat=3, or, accepting this noise, with"
            + " -Ddisturbed\\.maxPct=[0-9]+\\.$").matcher(busy).find(), busy);
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.startsWith("# PoolSweep (complete)\n\n**" + busy + "**\n\n"), md);
      assertTrue(page.contains("Other work kept the machine busy: 2 of 2 steps were disturbed"), "the page's top");
   }

   @Test
   void theAnswerIsDataAndSaysItRestsOnDisturbedSteps() {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> answers = (List<Map<String, Object>>) run.summary().get("answers");
      assertEquals(1, answers.size(), String.valueOf(answers));
      Map<String, Object> cpu = answers.get(0);
      assertEquals("cpu", cpu.get("workload"));
      int pool = (int) number(cpu, "pool");
      assertTrue(page.contains("cpu: pool " + pool + " ("), "the page names the same pool");
      assertEquals(List.of("cpu pool=1", "cpu pool=2"), cpu.get("disturbed"));
      assertEquals(1, (int) number(cpu, "passes"));
      assertTrue(cpu.get("settled") instanceof Boolean, cpu.toString());
      assertTrue(((List<?>) cpu.get("candidates")).contains(pool), cpu.toString());
      assertTrue(page.contains("rests on 2 disturbed steps"), "the recommendation box's headline");
      assertTrue(page.contains("contention for the machine, not the database&#39;s own knee")
            || page.contains("contention for the machine, not the database's own knee"), "what it means");
   }
}
