package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.HeadlessChromium;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runs index of a results folder with three real short runs, the third held to the first as its baseline and
 * failing it (its operations sleep 20 ms instead of 1 ms; four steps, so that the comparison has a spread of changes
 * to judge by): trend.csv lists each, and headless Chromium shows the trend chart loaded and the table marking the
 * failed run.
 */
class RunTrendsIntegrationTest {
   @TempDir
   static Path results;
   private static final String[] RUNS = new String[3];

   @BeforeAll
   static void threeRuns() {
      for (int i = 0; i < 3; i++) {
         Map<String, String> options = new HashMap<>(Map.of("lab.results", results.toString(), "workloads", "wait",
               "sleepMs", i < 2 ? "1" : "20", "pools", "1,2,3,4", "users", "4", "seconds", "1", "warmup", "0.3"));
         if (i == 2) {
            options.put("baseline", results.resolve(RUNS[0]).resolve("summary.json").toString());
         }
         GatlingRun.Result run = GatlingRun.run(PoolSweep.class, options, false);
         assertEquals(i < 2 ? 0 : 2, run.exitCode(), run.console());
         RUNS[i] = run.folder().getFileName().toString();
      }
   }

   @Test
   void trendCsvListsEachRunOldestFirstAndTheFailedBaseline() throws IOException {
      List<String> lines = Files.readAllLines(results.resolve("trend.csv"));
      assertEquals("simulation,workload,run,best_ops_per_s,best_pool,recommended_pool,baseline_gates", lines.get(0));
      assertEquals(4, lines.size(), String.join("\n", lines));
      for (int i = 0; i < 3; i++) {
         assertTrue(lines.get(i + 1).startsWith("PoolSweep,wait," + RUNS[i] + ","), lines.get(i + 1));
      }
      assertTrue(lines.get(1).endsWith(","), "no baseline: " + lines.get(1));
      assertTrue(lines.get(3).endsWith(",failed"), lines.get(3));
   }

   @Test
   void theIndexShowsTheTrendChartLoadedAndItsTableInChromium() throws IOException {
      String missing = HeadlessChromium.ensure();
      Assumptions.assumeTrue(missing == null, missing);
      Path index = results.resolve("index.html");
      Map<String, Integer> widths = HeadlessChromium.imageWidths(index, Duration.ofSeconds(60));
      assertTrue(widths.getOrDefault("trend-PoolSweep-wait.svg", 0) > 0, "the trend chart did not load: " + widths);
      String dom = HeadlessChromium.dumpDom(index).text();
      assertTrue(dom.contains("data-broken-images=\"0\""), "an image did not load");
      assertTrue(dom.contains("<h2 id=\"trends\">Trends</h2>"), dom);
      assertTrue(dom.contains("<h3>PoolSweep wait</h3>"), dom);
      for (String run : RUNS) {
         assertTrue(dom.contains("<td>" + run + "</td>"), run + " not in the trend table");
      }
      assertTrue(dom.contains("<td>FAILED</td>"), "the failed baseline is marked");
      // a sweep's answer is its pool, not a RateSweep's "pool at rate/s"
      assertEquals(3, java.util.regex.Pattern.compile("<td>wait: \\d+( \\(not settled\\))?</td>").matcher(dom)
            .results().count(), dom);
   }
}
