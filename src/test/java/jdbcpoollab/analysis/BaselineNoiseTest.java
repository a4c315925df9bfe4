package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.analysis.BaselineTest.pass;
import static jdbcpoollab.analysis.BaselineTest.summaryStep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Held, regressed or inconclusive from the two runs' intervals, with given numbers. */
class BaselineNoiseTest {

   /** Pool 1's throughput in each pass of the baseline and of this run (the p99 stays at 10 ms in both). */
   private static GateResult throughput(double tolerancePct, double[] before, double[] now) {
      List<Object> steps = new ArrayList<>();
      for (int i = 0; i < before.length; i++) {
         steps.add(summaryStep(1, i + 1, before[i], 10.0, true));
      }
      List<StepResult> run = new ArrayList<>();
      for (int i = 0; i < now.length; i++) {
         run.add(pass(1, i + 1, now[i], 10.0));
      }
      return Baseline.of("base.json", Map.of("steps", steps), tolerancePct).compare(run).get(0);
   }

   /** One pass per step at pools 1, 2, 4 …: each step's throughput now is the baseline's times its ratio. */
   private static List<GateResult> onePassSteps(double tolerancePct, double... ratios) {
      List<Object> steps = new ArrayList<>();
      List<StepResult> run = new ArrayList<>();
      for (int i = 0; i < ratios.length; i++) {
         int pool = 1 << i;
         steps.add(summaryStep(pool, 1, 100.0 * pool, 10.0, true));
         run.add(pass(pool, 1, 100.0 * pool * ratios[i], 10.0));
      }
      return Baseline.of("base.json", Map.of("steps", steps), tolerancePct).compare(run).stream()
            .filter(g -> g.gate().equals(Baseline.THROUGHPUT)).toList();
   }

   private static final int[] SWEEP = {1, 2, 4, 8, 16, 32, 64};
   /** Two runs of the same code: wait within 2% at every pool, cpu up to 20% either way on a 2-core machine. */
   private static final double[] WAIT_SAME = {1.01, 0.98, 1.02, 0.99, 1.00, 1.02, 0.98};
   private static final double[] CPU_SAME = {1.18, 0.81, 1.05, 0.90, 1.20, 0.85, 0.97};

   /**
    * The default sweep's two workloads, one pass per step at pools 1 … 64 of the given source, the throughput now the
    * baseline's times each pool's ratio (the p99 stays at 10 ms): the throughput gates, wait's pools first.
    */
   private static List<GateResult> waitAndCpu(String source, double[] wait, double[] cpu) {
      List<Object> steps = new ArrayList<>();
      List<StepResult> run = new ArrayList<>();
      for (String workload : List.of("wait", "cpu")) {
         double[] ratios = workload.equals("wait") ? wait : cpu;
         for (int i = 0; i < ratios.length; i++) {
            steps.add(summaryStep(workload, source, SWEEP[i], 1, 50.0 * SWEEP[i], 10.0, true));
            run.add(pass(new StepId(workload, source, SWEEP[i], 1, 1, 2), 50.0 * SWEEP[i] * ratios[i], 10.0));
         }
      }
      return Baseline.of("base.json", Map.of("steps", steps), 20).compare(run).stream()
            .filter(g -> g.gate().equals(Baseline.THROUGHPUT)).toList();
   }

   @Test
   void theSameCodeIsHeldOrInconclusiveNeverRegressed() {
      assertEquals(GateVerdict.HELD, throughput(20, new double[] {980, 1010, 1000, 1025, 990},
            new double[] {1005, 970, 1015, 995, 1000}).verdict(), "tight passes a few % apart");
      GateResult noisy = throughput(20, new double[] {800, 1200, 1000}, new double[] {700, 1100, 950});
      assertEquals(GateVerdict.INCONCLUSIVE, noisy.verdict(), noisy.line());
      assertTrue(noisy.passed(), "an inconclusive comparison fails no gate");
      List<GateResult> steps = onePassSteps(20, 0.95, 1.03, 0.98, 1.05, 0.97, 1.01);
      assertTrue(steps.stream().allMatch(g -> g.verdict() == GateVerdict.HELD), steps.toString());
      // one step 25% down by noise, the others scattered as much: beyond the tolerance, but not apart
      List<GateResult> scattered = onePassSteps(20, 0.75, 1.2, 0.95, 1.1, 0.9, 1.05);
      assertEquals(GateVerdict.INCONCLUSIVE, scattered.get(0).verdict(), scattered.get(0).line());
      assertTrue(scattered.stream().noneMatch(g -> g.verdict() == GateVerdict.REGRESSED), scattered.toString());
   }

   @Test
   void thirtyPercentSlowerWithTightIntervalsRegressed() {
      GateResult slower = throughput(20, new double[] {1000, 1010, 990}, new double[] {700, 705, 695});
      assertEquals(GateVerdict.REGRESSED, slower.verdict(), slower.line());
      assertEquals(-30.0, slower.changePct(), 0.01);
      assertTrue(slower.changeInterval().startsWith("-3"), slower.changeInterval());
      List<GateResult> steps = onePassSteps(20, 0.70, 0.69, 0.71, 0.70, 0.72, 0.68);
      assertTrue(steps.stream().allMatch(g -> g.verdict() == GateVerdict.REGRESSED && !g.passed()), steps.toString());
   }

   @Test
   void aSeriesShiftedAsAWholeRegressedThoughAnotherOneSpreadsWidely() {
      // -Dsleep made longer: wait 26 to 32% slower with a 2% jitter; cpu, untouched, as noisy as ever
      double[] slowerWait = {0.72, 0.70, 0.74, 0.68, 0.71, 0.69, 0.73};
      List<GateResult> gates = waitAndCpu("", slowerWait, CPU_SAME);
      assertEquals(14, gates.size());
      List<GateResult> wait = gates.subList(0, 7);
      List<GateResult> cpu = gates.subList(7, 14);
      assertTrue(wait.stream().allMatch(g -> g.verdict() == GateVerdict.REGRESSED && !g.passed()), wait.toString());
      assertTrue(cpu.stream().noneMatch(g -> g.verdict() == GateVerdict.REGRESSED), cpu.toString());
      assertTrue(cpu.stream().anyMatch(g -> g.verdict() == GateVerdict.INCONCLUSIVE), "cpu's spread is its own");
   }

   @Test
   void theSameCodeInTwoSeriesOfUnlikeNoiseIsNeverRegressed() {
      for (String source : List.of("", "hikari/mariadb")) {
         List<GateResult> gates = waitAndCpu(source, WAIT_SAME, CPU_SAME);
         assertTrue(gates.stream().noneMatch(g -> g.verdict() == GateVerdict.REGRESSED), gates.toString());
         assertTrue(gates.subList(0, 7).stream().allMatch(g -> g.verdict() == GateVerdict.HELD),
               "wait is judged by its own tight spread, not cpu's: " + gates);
      }
   }

   @Test
   void aSeriesOfOneStepTakesTheRunsSpread() {
      List<GateResult> gates = waitAndCpu("", WAIT_SAME, new double[] {0.97});
      GateResult cpu = gates.get(7);
      assertFalse(cpu.changeInterval().isEmpty(), "no spread of its own, but the run's: " + cpu.line());
      assertEquals(GateVerdict.HELD, cpu.verdict(), cpu.line());
   }

   @Test
   void wideIntervalsAreInconclusive() {
      GateResult slower = throughput(20, new double[] {1000, 600, 1400}, new double[] {700, 300, 1100});
      assertEquals(GateVerdict.INCONCLUSIVE, slower.verdict(), "30% slower, but the passes vary more than that");
      GateResult within = throughput(20, new double[] {1000, 600, 1400}, new double[] {950, 550, 1350});
      assertEquals(GateVerdict.INCONCLUSIVE, within.verdict(), "5% slower, but the interval reaches past 20%");
   }

   @Test
   void oneStepOfOnePassHasNoMeasureOfNoise() {
      GateResult alone = throughput(20, new double[] {1000}, new double[] {500});
      assertEquals(GateVerdict.INCONCLUSIVE, alone.verdict());
      assertEquals("", alone.changeInterval());
      assertNull(alone.toMap().get("changeCi95Pct"));
   }

   @Test
   void aLongerP99IsTheWorseSideAndAShorterOneHolds() {
      List<Object> steps = new ArrayList<>();
      List<StepResult> longer = new ArrayList<>();
      List<StepResult> shorter = new ArrayList<>();
      for (int i = 1; i <= 3; i++) {
         steps.add(summaryStep(1, i, 1000.0, 10.0 + i / 10.0, true));
         longer.add(pass(1, i, 1000.0, 14.0 + i / 10.0));
         shorter.add(pass(1, i, 1000.0, 5.0 + i / 10.0));
      }
      Baseline baseline = Baseline.of("base.json", Map.of("steps", steps), 20);
      assertEquals(GateVerdict.REGRESSED, baseline.compare(longer).get(1).verdict());
      assertEquals(GateVerdict.HELD, baseline.compare(shorter).get(1).verdict());
   }

   @Test
   void summaryJsonKeepsTheFieldsAndAddsTheVerdict() {
      GateResult slower = throughput(20, new double[] {1000, 1010, 990}, new double[] {700, 705, 695});
      Map<String, Object> m = slower.toMap();
      assertEquals(List.of("workload", "pool", "gate", "bound", "measured", "allowed", "limit", "baseline",
            "changePct", "changeCi95Pct", "passed", "verdict"), List.copyOf(m.keySet()));
      assertEquals("regressed", m.get("verdict"));
      assertEquals(false, m.get("passed"));
      assertEquals(slower, GateResult.fromMap(m, 1));
      Map<String, Object> old = new java.util.LinkedHashMap<>(m);
      old.remove("verdict");
      old.remove("changeCi95Pct");
      assertNotEquals(GateVerdict.HELD, GateResult.fromMap(old, 1).verdict(), "a summary written before verdicts");
      assertEquals(GateVerdict.FAILED, GateResult.fromMap(old, 1).verdict());
   }
}
