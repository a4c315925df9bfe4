package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {
   @TempDir
   Path results;

   private static Map<String, Object> step(int pool, long ok, boolean complete) {
      return step(StepId.of("wait", pool), ok, complete);
   }

   private static Map<String, Object> step(StepId id, long ok, boolean complete) {
      Timing query = new Timing(ok, 6.5, 6, 7, 9, 12);
      return new StepResult(id, new StepCounts(8, 5, ok, 0, 0, ok / 5.0), new StepTimes(Timing.EMPTY, query, query),
            new StepOutcome(new UserSpread(8, 40, 47, 52, 0.99), Map.of(), complete), StepResources.NONE,
            StepChecks.NONE, StepRuntime.NONE).toMap();
   }

   private SweepRun run(String name, String state, List<Map<String, Object>> steps, Map<String, String> incomplete)
         throws Exception {
      Path dir = Files.createDirectories(results.resolve(name));
      Map<String, Object> summary = new LinkedHashMap<>();
      summary.put("simulation", "PoolSweep");
      summary.put("state", state);
      summary.put("incomplete", incomplete);
      summary.put("steps", steps);
      Json.write(dir.resolve("summary.json"), summary);
      return SweepRun.read(dir);
   }

   @Test
   void aRunThatDidNotFinishIsMarkedAndSoIsEachIncompleteStep() throws Exception {
      SweepRun a = run("20261201-080000-PoolSweep", "complete", List.of(step(1, 800, true), step(2, 840, true)),
            Map.of());
      SweepRun b = run("20261201-090000-PoolSweep", "incomplete", List.of(step(1, 810, true), step(2, 849, false)),
            Map.of("wait pool=2", "the database was lost during the step"));
      String html = Files.readString(Comparison.page(a, b));
      assertTrue(html.contains("B 20261201-090000-PoolSweep is incomplete: 1 of 2 steps incomplete"), html);
      assertTrue(html.contains("169.8 (incomplete)"), html);
      assertFalse(html.contains("A 20261201-080000-PoolSweep is"), html);

      SweepRun c = run("20261201-100000-PoolSweep", "interrupted", List.of(step(1, 790, true)), Map.of());
      String interrupted = Files.readString(Comparison.page(a, c));
      assertTrue(interrupted.contains("B 20261201-100000-PoolSweep is interrupted"), interrupted);
   }

   /** A repeated run's numbers are the means of its passes, not its first pass's, and the page says so. */
   @Test
   void aRepeatedRunShowsTheMeansOfItsPassesWithTheirInterval() throws Exception {
      SweepRun once = run("20261201-080000-PoolSweep", "complete", List.of(step(1, 800, true)), Map.of());
      SweepRun repeated = run("20261201-090000-PoolSweep", "complete", List.of(
            step(new StepId("wait", "", 1, 1, 2, 1), 800, true), step(new StepId("wait", "", 1, 2, 2, 1), 900, true)),
            Map.of());
      String html = Files.readString(Comparison.page(once, repeated));
      assertTrue(html.contains("Each step of A ran once, of B 2 times (-Drepeat): the numbers below are the means of "
            + "the passes, with their 95% interval"), html);
      assertTrue(html.contains("<td>170.0 ["), "the mean of 160 and 180 op/s, not the first pass's 160:\n" + html);
      assertFalse(html.contains("Each step ran once"), html);
   }
}
