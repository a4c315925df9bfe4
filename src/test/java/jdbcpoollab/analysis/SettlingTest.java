package jdbcpoollab.analysis;

import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

import static jdbcpoollab.analysis.SizingTest.USERS;
import static jdbcpoollab.analysis.SizingTest.curve;
import static jdbcpoollab.analysis.SizingTest.pass;
import static jdbcpoollab.analysis.SizingTest.withDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Settling an answer: which pool to measure again next, and when the answer is decided. */
class SettlingTest {
   private static final int[] POOLS = {1, 2, 4, 8, 16, 32, 64};
   private static final Sizing.Context TWO_CORES = new Sizing.Context(USERS, 2, 50.0);
   private static final double[] CPU = {20.8, 42.6, 40.2, 42.8, 42.8, 42.8, 47.6};
   private static final double[] WAIT = {161, 327, 661, 1405, 2802, 5554, 9671};

   /** A cpu step: the server uses both cores from pool 2 on, so the database is saturated from there. */
   private static StepResult cpu(StepResult s) {
      return withDatabase(s, new DatabaseActivity(DatabaseActivity.CPU_CORES, s.pool() == 1 ? 0.98 : 1.95, 2, 50));
   }

   /** Settles {@code steps} against a machine giving {@code machine}'s throughput; the pools measured again. */
   private static List<Integer> settle(List<StepResult> steps, IntToDoubleFunction machine, int slots) {
      List<Integer> again = new ArrayList<>();
      Settling s = Settling.of(Sizing.of("cpu", steps, TWO_CORES));
      while (!s.decided() && again.size() < slots) {
         int pool = s.next();
         int repetition = (int) steps.stream().filter(r -> r.pool() == pool).count() + 1;
         StepResult first = steps.stream().filter(r -> r.pool() == pool).findFirst().orElseThrow();
         steps.add(cpu(pass(first, repetition, machine.applyAsDouble(pool) + (again.size() % 2 == 0 ? 0.3 : -0.3))));
         again.add(pool);
         s = Settling.of(Sizing.of("cpu", steps, TWO_CORES));
      }
      return again;
   }

   @Test
   void aCpuAnswerFromOnePassIsOpenUntilThePickAndTheLuckyBestAreMeasuredAgain() {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, CPU).stream().map(SettlingTest::cpu).toList());
      Settling open = Settling.of(Sizing.of("cpu", steps, TWO_CORES));
      assertEquals(2, open.pick());
      assertFalse(open.decided(), "pool 2 is not told apart from 95% of the lucky 47.6 at pool 64 by one pass");
      assertEquals(List.of(2, 64), open.candidates(), "the pick and the best: pool 1 is below 95% of the best by its "
            + "Little's-law ceiling, 1 / S1");
      assertEquals(2, open.next(), "the pick first");
      assertEquals(1, open.passes());

      List<Integer> again = settle(steps, pool -> pool == 1 ? 20.8 : 42.6, 40);
      assertEquals(List.of(2, 64), again.subList(0, 2), "the pick, then the best it is tested against");
      assertFalse(again.contains(1), "pool 1 is told apart by the spread of those measured again: " + again);
      Settling settled = Settling.of(Sizing.of("cpu", steps, TWO_CORES));
      assertTrue(settled.decided(), "decided within 40 steps: " + again);
      assertEquals(2, settled.pick());
      assertEquals(List.of(), settled.candidates());
      assertNull(settled.next());
      assertTrue(again.stream().allMatch(p -> p == 2 || p == 64), "only the deciding pools: " + again);
      assertEquals(steps.stream().filter(r -> r.pool() == 2).count(), (long) settled.passes(),
            "the pick was measured most");
   }

   @Test
   void aWaitAnswerStillRisingAtTheUsersIsDecidedByLittlesLaw() {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, WAIT));
      Settling open = Settling.of(Sizing.of("wait", steps, TWO_CORES));
      assertEquals(64, open.pick());
      assertTrue(open.decided(), "one pass has no noise to test against, but no smaller pool's Little's-law ceiling "
            + "reaches 95% of pool 64's throughput: " + open);
      assertNull(open.next());
      steps.add(pass(steps.get(6), 2, 9650));
      Settling settled = Settling.of(Sizing.of("wait", steps, TWO_CORES));
      assertTrue(settled.decided(), "the smaller pools are far below 95% of pool 64 at its spread");
      assertEquals(64, settled.pick());
      assertEquals(2, settled.passes());
   }

   @Test
   void repeatedStepsClearlyApartAreDecidedWithoutAnotherStep() {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, WAIT));
      for (int i = 0; i < POOLS.length; i++) {
         steps.add(pass(steps.get(i), 2, WAIT[i] * 1.01));
      }
      Settling s = Settling.of(Sizing.of("wait", steps, TWO_CORES));
      assertTrue(s.decided());
      assertEquals(64, s.pick());
      assertEquals(List.of(), s.candidates());

      Settling disturbed = Settling.of(Sizing.of("wait", steps, TWO_CORES), r -> r.pool() == 64);
      assertFalse(disturbed.decided(), "a pool whose last step was disturbed is measured again");
      assertEquals(List.of(64), disturbed.candidates());
      assertEquals(64, disturbed.next());
      assertEquals(List.of(), disturbed.untold(), "every pool is told apart ...");
      assertEquals(List.of(64), disturbed.redo(), "... pool 64 is open only for its disturbed step");

      // pools 1 to 32 (S1 6.2 ms) cannot reach 95% of 9,700 ops/s whatever other work took from their steps
      Settling belowByCeiling = Settling.of(Sizing.of("wait", steps, TWO_CORES), r -> r.pool() <= 32);
      assertTrue(belowByCeiling.decided(), belowByCeiling.redo().toString());
      assertEquals(12, belowByCeiling.disturbed().size(), "the disturbed steps are still listed");
   }

   /** A wait sweep measured once at pools 1 to 16 and twice at 32 and 64, at the given throughputs. */
   private static List<StepResult> twice(double at32, double again32, double at64, double again64) {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, new double[] {161, 327, 661, 1405, 2802, at32, at64}));
      steps.add(pass(steps.get(5), 2, again32));
      steps.add(pass(steps.get(6), 2, again64));
      return steps;
   }

   @Test
   void aSmallerPoolTheTestCannotTellApartForLackOfStepsStaysACandidateNotTheAnswer() {
      // a quiet README run: wait at pools 1 to 16 once, then 32 and 64 twice each, 32's two steps far apart
      List<StepResult> steps = twice(8400, 9500, 9600, 9650);
      Sizing sizing = Sizing.of("wait", steps, TWO_CORES);
      PoolSize p32 = sizing.pools().get(5);
      assertEquals(8950, p32.throughput().mean(), 1e-9);
      assertTrue(sizing.choice().pBelow(p32) > Welch.ALPHA, "Welch's test with two steps each has no power");
      assertEquals(64, sizing.choice().pick().pool(), "8950 is below 95% of 9625: pool 32 is not the answer");
      assertEquals(List.of(64), sizing.choice().nearBest().stream().map(PoolSize::pool).toList());
      Settling s = Settling.of(sizing);
      assertEquals(64, s.pick());
      assertFalse(s.decided());
      assertEquals(List.of(32, 64), s.candidates(), "pool 32 stays open, to be measured again");
      assertEquals(List.of(32), s.untold());
      assertEquals(List.of(), s.redo());

      steps.add(pass(steps.get(5), 3, 5550));
      steps.add(pass(steps.get(5), 4, 5560));
      steps.add(pass(steps.get(5), 5, 5540));
      Settling settled = Settling.of(Sizing.of("wait", steps, TWO_CORES));
      assertTrue(settled.decided(), "measured again, pool 32 is told apart: " + settled);
      assertEquals(64, settled.pick());
   }

   @Test
   void closeMeansOfTwoStepsEachLeaveTheLargerPoolTheAnswerAndTheSmallerOpen() {
      // the same shape with close means: 32 at 9150 and 9100 (one noisy step at 64), 64 at 9640 and 9700
      Sizing sizing = Sizing.of("wait", twice(9150, 9100, 9640, 9700), TWO_CORES);
      assertEquals(64, sizing.choice().pick().pool(), "9125 is below 95% of 9670 (9186.5), however near");
      Settling s = Settling.of(sizing);
      assertFalse(s.decided());
      assertTrue(s.untold().contains(32), s.toString());
      assertFalse(s.candidates().contains(16), "pool 16 is told apart by the spread of those measured again");
   }

   @Test
   void aDisturbedStepMeasuredAgainIsNamedWithItsPassAsTheConsoleNamesIt() {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, WAIT));
      steps.add(pass(steps.get(2), 2, WAIT[2]));
      Settling s = Settling.of(Sizing.of("wait", steps, TWO_CORES), r -> r.pool() == 4);
      assertEquals(List.of("wait pool=4", "wait pool=4 #2"), s.disturbed());
      assertEquals(steps.get(7).id().name(), s.disturbed().get(1));
   }

   @Test
   void nothingToRecommendIsNothingToSettle() {
      Settling s = Settling.of(Sizing.of("wait", List.of(SizingTest.step(4, 100, 1, 1, 3, true)), TWO_CORES));
      assertTrue(s.decided());
      assertNull(s.pick());
      assertNull(s.next());
   }
}
