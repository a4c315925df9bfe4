package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real quick look on the embedded MariaDB ({@code -Dquick=true}, one workload): no JVM warm-up, no settling, pools
 * 1, 4, 16 and 64 alone, and an answer that says it is provisional on the console's first line, in summary.json's
 * answers, summary.md and the page.
 */
class QuickLookSweepTest {
   private static final String SKIPPED = "a quick look (-Dquick=true): no JVM warm-up, no settling, pools 1, 4, 16, 64"
         + " only (not 2, 8, 32), 0.5 s warm-up and 2 s window per step; its answer is provisional: run without -Dquick"
         + " for a settled one";

   @Test
   @SuppressWarnings("unchecked")
   void aQuickLookMeasuresFourPoolsOnceAndItsAnswerSaysItIsProvisional() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("quick", "true", "workloads", "wait", "users",
            "16"), false);
      assertEquals(0, run.exitCode(), run.console());
      String first = run.console().lines().filter(l -> l.startsWith("jdbc-pool-lab: ")).findFirst().orElseThrow();
      assertEquals("jdbc-pool-lab: " + SKIPPED, first, "the lab's first line");
      assertFalse(run.console().contains("JVM warm-up on"), run.console());
      assertEquals(List.of(1, 4, 16, 64), run.steps().stream().map(s -> ((Number) s.get("pool")).intValue()).toList(),
            "each pool once, nothing settled after");
      assertTrue(run.steps().stream().allMatch(s -> ((Number) s.get("seconds")).doubleValue() == 2.0));

      Map<String, Object> answer = ((List<Map<String, Object>>) run.summary().get("answers")).get(0);
      assertEquals("wait", answer.get("workload"));
      assertEquals(true, answer.get("provisional"), answer.toString());
      assertEquals(SKIPPED, answer.get("whyProvisional"));
      assertEquals(false, answer.get("settled"), "a quick look's answer is never settled: " + answer);
      assertEquals(0.0, ((Number) answer.get("settleSeconds")).doubleValue());
      int pool = ((Number) answer.get("pool")).intValue();

      String closing = run.console().substring(run.console().lastIndexOf("Times in ms."));
      assertTrue(run.console().contains("\nA quick look (-Dquick=true): no JVM warm-up"), "the closing summary's top");
      assertTrue(closing.contains("  wait: pool " + pool + " (") && closing.contains("    provisional: " + SKIPPED),
            closing);
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.startsWith("# PoolSweep (complete)\n\n**A quick look (-Dquick=true): no JVM warm-up"), md);
      assertTrue(md.contains("- **provisional: " + SKIPPED + "**"), md);
      String page = Files.readString(run.folder().resolve("index.html"));
      assertTrue(page.contains("A quick look (-Dquick=true): no JVM warm-up, no settling"), "the page's top");
   }
}
