package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real sweep run twice (-Drepeat=2) on the embedded MariaDB: passes interleaved, what the database did per step,
 * the pool over time in timeline.csv, and a page that Chromium shows with the time breakdown, the database column,
 * the timeline and error bars.
 */
class SweepRepeatIntegrationTest {
   private static GatlingRun.Result run;
   private static String page;

   @BeforeAll
   static void sweep() throws IOException {
      run = GatlingRun.run(PoolSweep.class, Map.of("pools", "2,8", "users", "16", "seconds", "1", "warmup", "0.5",
            "workloads", "cpu", "rows", "20000", "repeat", "2"), true);
      page = Files.readString(run.folder().resolve("index.html"));
   }

   @Test
   void thePassesAreInterleavedAndEachStepSaysWhatTheDatabaseDid() {
      assertEquals(0, run.exitCode(), run.console());
      List<String> order = run.steps().stream()
            .map(s -> (int) number(s, "pool") + "#" + (int) number(s, "repetition")).toList();
      assertEquals(List.of("2#1", "8#1", "2#2", "8#2"), order);
      for (Map<String, Object> s : run.steps()) {
         @SuppressWarnings("unchecked")
         Map<String, Object> db = (Map<String, Object>) s.get("database");
         assertEquals("server CPU (cores)", db.get("what"), "the embedded server's CPU, by its pid");
         assertTrue(number(db, "samples") >= 3, "sampled through a 1 s window: " + db);
         assertTrue(number(db, "avg") > 0.05, "the cpu workload keeps the server busy: " + db);
         assertTrue(number(db, "max") <= Runtime.getRuntime().availableProcessors() + 0.5, db.toString());
         assertTrue(number(s, "betweenMs") >= 0, "the client's share is measured");
      }
   }

   @Test
   void timelineCsvHoldsEveryStepsSamplesOfThePool() throws IOException {
      List<String> lines = Files.readAllLines(run.folder().resolve("timeline.csv"));
      assertEquals("workload,source,pool,repetition,ms,completed,acquire_p99_ms,active,idle,waiting,database",
            lines.get(0));
      for (String step : List.of("cpu,,2,1,", "cpu,,8,1,", "cpu,,2,2,", "cpu,,8,2,")) {
         List<String[]> rows = lines.stream().filter(l -> l.startsWith(step)).map(l -> l.split(",", -1)).toList();
         assertTrue(rows.size() >= 3, step + ": " + rows.size() + " samples in a 1 s window");
         int pool = Integer.parseInt(step.split(",")[2]);
         long completed = rows.stream().mapToLong(r -> Long.parseLong(r[5])).sum();
         assertTrue(completed > 0, step);
         for (String[] r : rows) {
            assertTrue(Integer.parseInt(r[7]) + Integer.parseInt(r[8]) <= pool, "active + idle <= pool: " + step);
            assertTrue(Integer.parseInt(r[9]) <= 16, "no more waiting threads than users");
         }
         assertTrue(rows.stream().anyMatch(r -> Integer.parseInt(r[9]) > 0), step + ": 16 users wait for " + pool);
      }
   }

   @Test
   void chromiumShowsTheTimeBreakdownTheDatabaseTheTimelineAndErrorBars() throws IOException {
      assertTrue(page.contains("Pool sizes over 2 passes (-Drepeat)"));
      assertTrue(Pattern.compile("<td[^>]*>\\d+\\.\\d \\[[-\\d.]+, [-\\d.]+\\]</td>").matcher(page).find(),
            "a mean with its 95% interval");
      assertTrue(Files.readString(run.folder().resolve("cpu-throughput.svg")).contains("rgb(51,51,51)"),
            "error bars on the throughput chart");
      String time = Files.readString(run.folder().resolve("cpu-time.svg"));
      assertTrue(time.contains("waiting for a connection") && time.contains("in the database (query)")
            && time.contains("client (release, between operations)"), "the three parts of the time");

      assertNull(HeadlessChromium.ensure());
      String dom = HeadlessChromium.dumpDom(run.folder().resolve("index.html")).text();
      assertTrue(dom.contains("data-broken-images=\"0\""), "charts did not load: " + dom);
      for (String image : List.of("cpu-time.svg", "cpu-throughput.svg", "cpu-timeline-2.svg", "cpu-timeline-8.svg")) {
         assertTrue(dom.contains("<img src=\"" + image + "\""), image + " not on the page");
      }
      assertTrue(dom.contains("<th>database</th>"), "the database column");
      assertTrue(Pattern.compile("<td[^>]*>server CPU \\(cores\\) \\d+\\.\\d\\d / \\d+\\.\\d\\d").matcher(dom).find(),
            "the server's CPU per step");
      assertTrue(dom.contains("Pool over time"));
      assertTrue(dom.contains("users / throughput (Little's law)") || dom.contains("users / throughput (Little&apos;s law)")
            || dom.contains("users / throughput (Little’s law)"), "why acquire wait is no cost of its own");
   }
}
