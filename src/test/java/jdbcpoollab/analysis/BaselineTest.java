package jdbcpoollab.analysis;

import jdbcpoollab.report.GateTables;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static jdbcpoollab.analysis.GateTest.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineTest {

   private static Map<String, Object> summaryStep(int pool, double throughput, double p99, boolean complete) {
      return Map.of("workload", "wait", "pool", pool, "throughput", throughput, "total", Map.of("p99", p99),
            "complete", complete);
   }

   private static Baseline baseline(double tolerancePct) {
      return Baseline.of("base.json", Map.of("steps", List.of(summaryStep(1, 200.0, 10.0, true),
            summaryStep(8, 1000.0, 20.0, false))), tolerancePct);
   }

   @Test
   void aStepFailsWhenThroughputDropsOrP99RisesBeyondTheTolerance() {
      List<GateResult> within = baseline(20).check(step(1, 400, 0, 160.0, 1, 12.0));
      assertEquals(2, within.size());
      assertTrue(within.stream().allMatch(GateResult::passed), within.toString());
      assertEquals(-20.0, within.get(0).changePct(), 1e-9);

      List<GateResult> slower = baseline(20).check(step(1, 400, 0, 159.9, 1, 12.0));
      assertFalse(slower.get(0).passed(), slower.get(0).verdict());
      assertTrue(slower.get(1).passed());

      List<GateResult> longer = baseline(20).check(step(1, 400, 0, 250.0, 1, 12.01));
      assertTrue(longer.get(0).passed());
      assertFalse(longer.get(1).passed(), longer.get(1).verdict());
      assertEquals("wait pool=1: baselineP99TotalMs 12.01 > 12 (baseline 10, +20.1%)", longer.get(1).verdict());
   }

   @Test
   void toleranceIsAnOption() {
      assertTrue(baseline(50).check(step(1, 400, 0, 101.0, 1, 14.9)).stream().allMatch(GateResult::passed));
      assertFalse(baseline(0).check(step(1, 400, 0, 199.9, 1, 10.0)).get(0).passed());
   }

   @Test
   void stepsTheBaselineLacksOrDidNotCompleteAreNotCompared() {
      assertEquals(List.of(), baseline(20).check(step(2, 400, 0, 1.0, 1, 99.0)));
      assertEquals(List.of(), baseline(20).check(step(8, 400, 0, 1.0, 1, 99.0)), "its pool=8 step was incomplete");
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
      List<GateResult> results = baseline(20).check(step(1, 400, 0, 100.0, 1, 12.0));
      String md = GateTables.baselineDiff(results).markdown();
      assertTrue(md.contains("| wait pool=1 | 200 | 100 | -50.0% | 10 | 12 | +20.0% | FAIL |"), md);
   }
}
