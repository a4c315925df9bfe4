package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ArrivalResult;
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
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateSweepSummaryTest {
   @TempDir
   Path dir;

   private static StepResult step(int pool, double queryAvg) {
      Timing query = new Timing(100, queryAvg, queryAvg, queryAvg, queryAvg, queryAvg);
      return new StepResult(StepId.of("wait", pool), new StepCounts(200, 5, 3000, 0, 0, 600),
            new StepTimes(Timing.EMPTY, query, query),
            new StepOutcome(new UserSpread(200, 10, 15, 20, 0.99), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
   }

   @Test
   void theServiceTimeComesFromTheEarlierPoolSweepAtTheSamePoolOrElseFromTheStep() throws Exception {
      Path sweep = Files.createDirectories(dir.resolve("20261201-080000-PoolSweep"));
      Json.write(sweep.resolve("summary.json"), Map.of("simulation", "PoolSweep", "steps",
            List.of(step(4, 9.5).toMap())));
      RateSweepSummary summary = new RateSweepSummary(300, 20, SweepRun.read(sweep));
      summary.add("wait pool=4", new ArrivalResult(step(4, 5.2), 300, 200, Timing.EMPTY, 0, 0));
      summary.add("wait pool=8", new ArrivalResult(step(8, 5.4), 300, 200, Timing.EMPTY, 0, 0));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> steps = (List<Map<String, Object>>) summary.json().get("steps");
      assertEquals(9.5, steps.get(0).get("serviceMs"));
      assertEquals("20261201-080000-PoolSweep pool=4", steps.get(0).get("serviceFrom"));
      assertEquals(5.4, steps.get(1).get("serviceMs"));
      assertTrue(((String) steps.get(1).get("serviceFrom")).startsWith("this step (20261201-080000-PoolSweep has no"));
      @SuppressWarnings("unchecked")
      Map<String, Object> prediction = (Map<String, Object>) steps.get(0).get("prediction");
      assertEquals(300 * 0.0095, (Double) prediction.get("offeredLoad"), 1e-4);
   }

   @Test
   void failuresOutsideTheWindowAreCountedApartInEveryOutput() {
      Timing total = new Timing(100, 1, 1, 1, 1, 1);
      StepResult failing = new StepResult(StepId.of("wait", 1), new StepCounts(1, 2, 100, 56_792, 22, 50),
            new StepTimes(Timing.EMPTY, total, total),
            new StepOutcome(new UserSpread(1, 100, 100, 100, 1), Map.of("timeout", 56_814L), true), StepResources.NONE,
            StepChecks.NONE, StepRuntime.NONE);
      RateSweepSummary summary = new RateSweepSummary(100_000, 20, null);
      String line = summary.add("wait pool=1", new ArrivalResult(failing, 100_000, 1, Timing.EMPTY, 0, 0));
      assertTrue(line.contains("ok=100 ko=56792 (and 22 ko outside the window)"), line);
      String md = summary.tables(true);
      assertTrue(md.contains("| pool | ok | ko | ko outside |"), md);
      assertTrue(md.contains("| 1 | 100 | 56792 | 22 |"), md);
      assertTrue(md.contains("56792 ko and 22 ko outside the window"), md);
      assertTrue(!md.contains("56814") && !summary.tables(false).contains("56814"), md);
   }

   @Test
   void summaryCsvKeysEachStepBySourceToo() {
      RateSweepSummary summary = new RateSweepSummary(300, 20, null);
      for (String source : List.of("hikari", "vibur")) {
         StepResult s = step(4, 5);
         StepResult sourced = new StepResult(new StepId("wait", source, 4, 1, 1, 1),
               s.counts(),
               s.times(),
               new StepOutcome(s.outcome().perUser(), s.outcome().errors(), true), StepResources.NONE, StepChecks.NONE,
               StepRuntime.NONE);
         summary.add(sourced.id().name(), new ArrivalResult(sourced, 300, 200, Timing.EMPTY, 0, 0));
      }
      List<String> lines = summary.csv().csv().lines().toList();
      int column = List.of(lines.get(0).split(",")).indexOf("source");
      assertTrue(column >= 0, lines.get(0));
      assertEquals(List.of("hikari", "vibur"), lines.subList(1, 3).stream().map(l -> l.split(",")[column]).toList());
   }
}
