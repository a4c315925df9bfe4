package jdbcpoollab.report;

import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateTextTest {

   private static RatePoint point(int pool, double acquireP99, double queueP99, double totalP99) {
      Timing acquire = new Timing(100, acquireP99 / 4, 0, acquireP99 / 2, acquireP99, acquireP99);
      Timing total = new Timing(100, 6, 5.5, 7, totalP99, totalP99);
      Timing queue = new Timing(100, queueP99 / 4, 0, queueP99 / 2, queueP99, queueP99);
      StepResult s = new StepResult(StepId.of("wait", pool), new StepCounts(200, 5, 5000, 0, 0, 1000),
            new StepTimes(acquire, total, total), new StepOutcome(new UserSpread(200, 1, 1, 1, 1), Map.of(), true),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
      return new RatePoint(new ArrivalResult(s, 1000, 200, queue, 0, 0), 5, "this step");
   }

   @Test
   void theReasoningNamesTheUnstablePoolsAndWhereMeasurementAndModelPartWays() {
      // a = 5: pool 4 unstable; pool 6 predicted a P99 wait of about 20 ms, measured 100; pool 16 as predicted
      RateAnswer a = RateAnswer.of("wait", 1000, 20, List.of(point(4, 900, 0.1, 950), point(6, 100, 0.1, 105),
            point(16, 0, 0.05, 7)));
      List<String> lines = RateText.reasoning(a);
      assertTrue(lines.get(0).startsWith("Offered load a = rate x service time = 1000/s x 5.000 ms = 5.00"),
            lines.get(0));
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("Unstable (a ≥ pool): pool 4.")), lines.toString());
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("Pool 6: P99 acquire wait 100.000 ms measured")
            && l.contains("longer than M/M/c expects")), lines.toString());
      assertTrue(lines.stream().noneMatch(l -> l.startsWith("Pool 16:")), lines.toString());
      assertTrue(lines.stream().noneMatch(l -> l.startsWith("Requests waited for a request thread")), lines.toString());
      assertEquals("wait at 1000/s: pool 16 (P99 total from arrival 7.000 ms, within the 20 ms SLO, no failures); "
            + "Erlang C picks pool 16", RateText.headline(a));
   }

   @Test
   void requestThreadWaitsAtAStablePoolAreCalledOut() {
      RateAnswer a = RateAnswer.of("wait", 1000, 20, List.of(point(16, 30, 250, 300)));
      assertTrue(RateText.reasoning(a).stream().anyMatch(l -> l.startsWith("Requests waited for a request thread")
            && l.contains("pool 16 (250.000 ms)")), RateText.reasoning(a).toString());
      assertTrue(RateText.headline(a).startsWith("wait at 1000/s: no pool met the 20 ms SLO (the fastest, pool 16"));
   }

   @Test
   void waitsShorterThanPredictedPointToNearConstantServiceTimes() {
      RatePoint p = point(6, 0.5, 0.1, 7);
      assertTrue(RateText.disagreement(p).contains("M/D/c"), RateText.disagreement(p));
      assertNull(RateText.disagreement(point(4, 900, 0.1, 950)), "no finite prediction to compare with");
   }
}
