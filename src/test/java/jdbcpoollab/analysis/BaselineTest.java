package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.report.GateTables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.analysis.GateTest.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineTest {

   static Map<String, Object> summaryStep(int pool, int pass, double throughput, double p99, boolean complete) {
      return summaryStep("wait", "", pool, pass, throughput, p99, complete);
   }

   static Map<String, Object> summaryStep(String workload, String source, int pool, int pass, double throughput,
                                          double p99, boolean complete) {
      return Map.of("workload", workload, "source", source, "pool", pool, "repetition", pass,
            "throughput", throughput, "total", Map.of("p99", p99), "complete", complete);
   }

   /** A baseline whose pool-1 step measured 200 q/s and a p99 of 10 ms in each of three passes: tight intervals. */
   private static Baseline baseline(double tolerancePct) {
      List<Object> steps = new ArrayList<>();
      for (int pass = 1; pass <= 3; pass++) {
         steps.add(summaryStep(1, pass, 200.0, 10.0, true));
      }
      steps.add(summaryStep(8, 1, 1000.0, 20.0, false));
      return Baseline.of("base.json", Map.of("steps", steps), tolerancePct);
   }

   /** One pass of a wait step of eight users that measured this throughput and total p99. */
   static StepResult pass(int pool, int pass, double throughput, double totalP99) {
      return pass(new StepId("wait", "", pool, pass, 3, 1), throughput, totalP99);
   }

   /** One pass of this step, of eight users, that measured this throughput and total p99. */
   static StepResult pass(StepId id, double throughput, double totalP99) {
      long ok = Math.round(throughput * 2);
      return new StepResult(id, new StepCounts(8, 2.0, ok, 0, 0, throughput),
            new StepTimes(new Timing(ok, 1, 1, 1, 1, 1), Timing.EMPTY, new Timing(ok, 2, 2, 2, totalP99, totalP99)),
            new StepOutcome(UserSpread.of(new long[] {ok}), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
   }

   /** Three passes of pool 1, each with the same numbers. */
   private static List<StepResult> passes(double throughput, double totalP99) {
      return List.of(pass(1, 1, throughput, totalP99), pass(1, 2, throughput, totalP99),
            pass(1, 3, throughput, totalP99));
   }

   @Test
   void aStepFailsWhenThroughputDropsOrP99RisesBeyondTheTolerance() {
      List<GateResult> within = baseline(20).compare(passes(160.0, 12.0));
      assertEquals(2, within.size());
      assertTrue(within.stream().allMatch(GateResult::passed), within.toString());
      assertEquals(-20.0, within.get(0).changePct(), 1e-9);

      List<GateResult> slower = baseline(20).compare(passes(159.9, 12.0));
      assertFalse(slower.get(0).passed(), slower.get(0).line());
      assertEquals(GateVerdict.REGRESSED, slower.get(0).verdict());
      assertTrue(slower.get(1).passed());

      List<GateResult> longer = baseline(20).compare(passes(250.0, 12.01));
      assertTrue(longer.get(0).passed());
      assertFalse(longer.get(1).passed(), longer.get(1).line());
      assertEquals("wait pool=1: baselineP99TotalMs 12.01 > 12 (baseline 10, +20.1%)", longer.get(1).line());
   }

   @Test
   void toleranceIsAnOption() {
      assertTrue(baseline(50).compare(passes(101.0, 14.9)).stream().allMatch(GateResult::passed));
      assertFalse(baseline(0).compare(passes(199.9, 10.0)).get(0).passed());
   }

   @Test
   void stepsTheBaselineLacksOrDidNotCompleteAreNotCompared() {
      assertEquals(List.of(), baseline(20).compare(List.of(step(2, 400, 0, 1.0, 1, 99.0))));
      assertEquals(List.of(), baseline(20).compare(List.of(step(8, 400, 0, 1.0, 1, 99.0))),
            "its pool=8 step was incomplete");
   }

   @Test
   void somethingElseThanARunSummaryIsRefused() {
      assertEquals("it has no steps", assertThrows(IllegalArgumentException.class,
            () -> Baseline.of("x", Map.of("state", "complete"), 20)).getMessage());
      assertTrue(assertThrows(IllegalArgumentException.class, () -> Baseline.of("x",
            Map.of("steps", List.of(Map.of("workload", "wait"))), 20)).getMessage().contains("lacks"));
   }

   @Test
   void theDiffTableShowsBothRunsAndTheChange() {
      List<GateResult> results = baseline(20).compare(passes(100.0, 12.0));
      String md = GateTables.baselineDiff(results).markdown();
      assertTrue(md.contains("| wait pool=1 | 200 | 100 | -50.0% | 10 | 12 | +20.0% | FAIL |"), md);
      assertTrue(md.contains("| q/s -50.0% to -50.0%; p99 +20.0% to +20.0% |"), md);
   }
}
