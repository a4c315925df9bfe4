package jdbcpoollab.analysis;

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

class GateTest {

   static StepResult step(int pool, long ok, long ko, double throughput, double acquireP99, double totalP99) {
      Timing acquire = new Timing(ok + ko, 1, 1, 1, acquireP99, acquireP99);
      Timing total = new Timing(ok, 2, 2, 2, totalP99, totalP99);
      return new StepResult(StepId.of("wait", pool), new StepCounts(8, 2.0, ok, ko, 0, throughput),
            new StepTimes(acquire, Timing.EMPTY, total),
            new StepOutcome(UserSpread.of(new long[] {ok}), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
   }

   @Test
   void theLimitItselfPassesAndTheOtherSideFails() {
      StepResult s = step(4, 190, 10, 95.0, 100.0, 250.0);
      assertTrue(Gate.p99AcquireMs(100).check(s).passed());
      assertFalse(Gate.p99AcquireMs(99.999).check(s).passed());
      assertTrue(Gate.p99TotalMs(250).check(s).passed());
      assertTrue(Gate.minThroughput(95).check(s).passed());
      assertFalse(Gate.minThroughput(95.1).check(s).passed());
      assertEquals(5.0, Gate.maxKoPercent(5).check(s).measured(), 1e-12, "10 of 200 operations failed");
      assertTrue(Gate.maxKoPercent(5).check(s).passed());
      assertFalse(Gate.maxKoPercent(4.9).check(s).passed());
   }

   @Test
   void aStepThatMeasuredNothingFailsEveryGate() {
      StepResult nothing = new StepResult(StepId.of("wait", 2), new StepCounts(8, 0, 0, 0, 0, 0),
            new StepTimes(Timing.EMPTY, Timing.EMPTY, Timing.EMPTY),
            new StepOutcome(UserSpread.of(new long[0]), Map.of(), false), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
      for (Gate gate : List.of(Gate.p99AcquireMs(1e9), Gate.p99TotalMs(1e9), Gate.minThroughput(1e-9),
            Gate.maxKoPercent(100))) {
         GateResult r = gate.check(nothing);
         assertFalse(r.passed(), gate.name());
         assertTrue(Double.isNaN(r.measured()), gate.name());
         assertTrue(r.line().contains("not measured"), r.line());
         assertNull(r.toMap().get("measured"));
      }
   }

   @Test
   void theVerdictSaysWhatWasMeasuredAgainstWhat() {
      GateResult r = Gate.p99AcquireMs(100).check(step(1, 50, 0, 25.0, 812.25, 900.0));
      assertEquals("wait pool=1: p99AcquireMs 812.25 > 100", r.line());
      assertEquals("≤ 100", r.allowed());
      assertEquals(Map.of("workload", "wait", "pool", 1, "gate", "p99AcquireMs", "bound", "AT_MOST",
            "measured", 812.25, "allowed", "≤ 100", "limit", 100.0, "passed", false, "verdict", "failed"), r.toMap());
      assertEquals(r, GateResult.fromMap(r.toMap(), 1), "the report page reads a gate back from summary.json");
   }

   @Test
   void numbersKeepAtMostThreeDecimals() {
      assertEquals("1000", NumberText.trimmed(1000.0));
      assertEquals("0.001", NumberText.trimmed(0.0005));
      assertEquals("43.2", NumberText.trimmed(43.2000001));
      assertEquals("n/a", NumberText.trimmed(Double.NaN));
      assertEquals("-20.0%", NumberText.signedPercent(-20.0));
   }
}
