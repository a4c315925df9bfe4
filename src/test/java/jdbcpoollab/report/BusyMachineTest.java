package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.MachineCpu;
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
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sentence a sweep's closing summary, summary.md and page begin with when other work disturbed steps, from
 * made-up steps: how busy the machine was, whether each answer stands without the disturbed steps, what to run.
 */
class BusyMachineTest {
   private static final Sizing.Context CONTEXT = new Sizing.Context(64, 0, 100);

   /** A step of {@code workload} at {@code pool}, pass {@code pass}; others took {@code others} of 2 cores, 0: quiet. */
   private static StepResult step(String workload, int pool, int pass, double throughput, double others,
                                  double steal) {
      Timing t = new Timing(1000, 0.1, 0.1, 0.1, 0.2, 0.3);
      long ok = Math.round(throughput * 5);
      MachineCpu machine = new MachineCpu("embedded server", 2, 0.2, 1.0, 2 * others, 2 * steal, 10,
            others + steal > 0.1);
      return new StepResult(new StepId(workload, "", pool, pass, 1, 2), new StepCounts(64, 5, ok, 0, 0, throughput),
            new StepTimes(t, t, t), new StepOutcome(UserSpread.of(new long[] {ok / 2, ok - ok / 2}), Map.of(), true),
            new StepResources(null, Double.NaN, null, DatabaseActivity.NONE, ClientCpu.UNKNOWN, machine),
            StepChecks.NONE, StepRuntime.NONE);
   }

   private static StepResult quiet(String workload, int pool, double throughput) {
      return step(workload, pool, 1, throughput, 0.02, 0);
   }

   private static Sizing sizing(String workload, List<StepResult> steps) {
      return Sizing.of(workload, steps.stream().filter(s -> s.workload().equals(workload)).toList(), CONTEXT);
   }

   private static String busy(List<StepResult> steps, boolean auto) {
      List<String> workloads = steps.stream().map(StepResult::workload).distinct().toList();
      return DisturbedText.busy(steps, workloads.stream().map(w -> sizing(w, steps)).toList(), auto);
   }

   @Test
   void aQuietRunSaysNothing() {
      List<StepResult> steps = List.of(quiet("wait", 1, 100), quiet("wait", 2, 200), quiet("wait", 4, 400));
      assertNull(busy(steps, false));
      assertEquals(List.of(), FirstLines.of(null, steps, List.of(sizing("wait", steps)), false));
   }

   @Test
   void itSaysHowBusyWhichAnswersStandAndWhatToRun() {
      List<StepResult> steps = List.of(
            // wait: pool 8 the pick and the best; only pools 1 and 2 disturbed, which it does not rest on
            step("wait", 1, 1, 100, 0.30, 0), step("wait", 2, 1, 200, 0.50, 0.02), quiet("wait", 4, 400),
            quiet("wait", 8, 800),
            // cpu: pool 4 measured twice, once disturbed, and without that step only a little above pool 2
            quiet("cpu", 1, 20), quiet("cpu", 2, 40), step("cpu", 4, 1, 80, 0.40, 0), step("cpu", 4, 2, 41, 0, 0));
      String line = busy(steps, false);
      assertEquals("Other work kept the machine busy: 3 of 8 steps were disturbed, other processes taking a median 40%"
            + " of the machine (at most 50%) and steal 0% (at most 2%), more than the 10% allowed"
            + " (-Ddisturbed.maxPct); wait: pool 8 stands, none of its steps disturbed; cpu: pool 4 may"
            + " not stand, the undisturbed steps alone picking pool 2; for a settled answer run again on a quieter"
            + " machine, or with -Drepeat=3, or, accepting this noise, with -Ddisturbed.maxPct=55.", line);
   }

   @Test
   void aDisturbedPickStandsWhenTheUndisturbedStepsPickItTooAndCannotBeCheckedWhenAllWereDisturbed() {
      List<StepResult> steps = List.of(quiet("wait", 1, 100), quiet("wait", 2, 200), quiet("wait", 4, 400),
            step("wait", 4, 2, 410, 0.25, 0), step("wait", 4, 3, 405, 0.25, 0),
            step("cpu", 1, 1, 20, 0.61, 0.1), step("cpu", 2, 1, 40, 0.61, 0.1));
      String line = busy(steps, true);
      assertTrue(line.contains("wait: pool 4 stands, the undisturbed steps alone picking it too; cpu: pool 2 cannot be"
            + " checked, every step of pool 2 disturbed;"), line);
      assertTrue(line.contains("4 of 7 steps were disturbed, other processes taking a median 43% of the machine (at"
            + " most 61%) and steal 5% (at most 10%)"), line);
      assertTrue(line.endsWith("run again on a quieter machine, or, accepting this noise, with"
            + " -Ddisturbed.maxPct=75."), "-Drepeat is no option of a search for the knee: " + line);
      assertTrue(busy(steps.subList(0, 5), false).contains("or with -Drepeat=5,"),
            "three passes measured: two more: " + busy(steps.subList(0, 5), false));
   }

   @Test
   void aPickBelowTheBestStandsWhenNeithersStepsWereDisturbed() {
      List<StepResult> steps = List.of(step("wait", 1, 1, 100, 0.3, 0), quiet("wait", 2, 390), quiet("wait", 4, 400));
      assertTrue(busy(steps, false).contains("; wait: pool 2 stands, none of its steps nor of the best pool 4's"
            + " disturbed; "), busy(steps, false));
   }

   @Test
   void aQuickLookSaysItIsProvisionalFirst() {
      List<StepResult> steps = List.of(step("wait", 1, 1, 100, 0.3, 0), quiet("wait", 4, 400));
      assertTrue(DisturbedText.busy(steps, List.of(sizing("wait", steps)), false).contains(" (at most 30%) and no"
            + " steal, more than"), "no steal taken, none said");
      List<String> lines = FirstLines.of("a quick look (-Dquick=true): no settling; its answer is provisional",
            steps, List.of(sizing("wait", steps)), false);
      assertEquals(2, lines.size(), lines.toString());
      assertEquals("A quick look (-Dquick=true): no settling; its answer is provisional.", lines.get(0));
      assertTrue(lines.get(1).startsWith("Other work kept the machine busy: 1 of 2 steps"), lines.get(1));
   }
}
