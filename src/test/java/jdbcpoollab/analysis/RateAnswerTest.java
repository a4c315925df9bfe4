package jdbcpoollab.analysis;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateAnswerTest {
   private static final double RATE = 1000;

   private static RatePoint point(int pool, double totalP99, long ko, boolean complete, double serviceMs) {
      Timing total = new Timing(100, totalP99 / 2, totalP99 / 2, totalP99, totalP99, totalP99);
      Timing acquire = new Timing(100, 0.1, 0, 0.2, 0.5, 1);
      StepResult s = new StepResult(StepId.of("wait", pool), new StepCounts(200, 5, 5000, ko, 0, 1000),
            new StepTimes(acquire, total, total), new StepOutcome(new UserSpread(200, 1, 1, 1, 1), Map.of(), complete),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
      return new RatePoint(new ArrivalResult(s, RATE, 200, Timing.EMPTY, 0, 0), serviceMs, "this step");
   }

   @Test
   void picksTheSmallestPoolThatMeetsTheSloWithoutFailures() {
      RateAnswer a = RateAnswer.of("wait", RATE, 20, List.of(point(32, 7, 0, true, 5), point(4, 900, 0, true, 5),
            point(8, 25, 0, true, 5), point(16, 9, 0, true, 5)));
      assertEquals(List.of(4, 8, 16, 32), a.points().stream().map(RatePoint::pool).toList());
      assertEquals(16, a.pick().pool());
      assertTrue(a.points().get(0).predictedUnstable(), "a = 5 on 4 connections");
      assertFalse(a.points().get(1).predictedUnstable());
      assertEquals(8, a.predictedPick().pool(), "Erlang C: 8 connections at a = 5 wait briefly");
   }

   @Test
   void failuresOrAnIncompleteWindowDisqualifyAFastPool() {
      RateAnswer a = RateAnswer.of("wait", RATE, 20, List.of(point(8, 5, 3, true, 5), point(16, 5, 0, false, 5),
            point(32, 6, 0, true, 5)));
      assertEquals(32, a.pick().pool());
      RateAnswer none = RateAnswer.of("wait", RATE, 1, List.of(point(8, 5, 0, true, 5)));
      assertNull(none.pick());
      assertEquals(8, none.fastest().pool());
   }

   @Test
   void withoutAServiceTimeThereIsNoPrediction() {
      RatePoint p = point(8, 5, 0, true, Double.NaN);
      assertNull(p.model());
      assertTrue(Double.isNaN(p.predictedP99WaitMs()));
      assertFalse(p.predictedToMeetSlo(100));
      assertNull(RateAnswer.of("wait", RATE, 100, List.of(p)).predictedPick());
   }

   @Test
   void measuredOverPredictedComparesTheP99Waits() {
      RatePoint p = point(6, 5, 0, true, 5);
      double predicted = new ErlangC(6, RATE, 0.005).p99WaitMs();
      assertTrue(predicted > 0, "a = 5 on 6 connections waits");
      assertEquals(0.5 / predicted, p.measuredOverPredicted(), 1e-9);
      assertTrue(Double.isNaN(point(4, 5, 0, true, 5).measuredOverPredicted()), "unstable: no finite prediction");
   }
}
