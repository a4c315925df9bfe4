package jdbcpoollab.analysis;

import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.MachineCpu;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.report.SizingText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static jdbcpoollab.analysis.SizingTest.USERS;
import static jdbcpoollab.analysis.SizingTest.curve;
import static jdbcpoollab.analysis.SizingTest.pass;
import static jdbcpoollab.analysis.SizingTest.withDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A workload's answer as summary.json carries it: the pool, settled or not, the pools open, the disturbed steps. */
class AnswerTest {
   private static final int[] POOLS = {1, 2, 4, 8, 16};
   private static final Sizing.Context TWO_CORES = new Sizing.Context(USERS, 2, 50.0);

   /** The step as other work on the machine left it: others and steal took {@code pct}% of 2 cores. */
   private static StepResult hogged(StepResult s, double pct) {
      MachineCpu m = new MachineCpu("embedded server", 2, 0.2, 1.0, 2 * pct / 100, 0, 10, pct > 10);
      StepResources r = s.resources();
      return new StepResult(s.id(), s.counts(), s.times(), s.outcome(),
            new StepResources(r.serverConnections(), r.betweenMs(), r.thinkMs(), r.database(), r.clientCpu(), m),
            s.checks(), s.runtime());
   }

   @Test
   void onePoolAloneNearTheBestIsSettledOnceItsNoiseIsMeasured() {
      List<StepResult> steps = new ArrayList<>(curve(POOLS, new double[] {100, 190, 370, 700, 900}));
      Answer open = Answer.of(Sizing.of("wait", steps, TWO_CORES));
      assertEquals(16, open.pool());
      assertTrue(open.settled(), "one pass has no noise to tell even 100 from 900 by a test, but Little's law does: "
            + "at S1 = 10 ms pools 1 to 8 cannot reach 95% of 900 ops/s");
      assertEquals(List.of(), open.candidates());
      assertEquals(List.of(), open.disturbed());
      assertEquals(1, open.passes());
      assertFalse(open.restsOnDisturbed());
      steps.add(pass(steps.get(4), 2, 905));
      Answer a = Answer.of(Sizing.of("wait", steps, TWO_CORES));
      assertEquals(16, a.pool());
      assertTrue(a.settled(), "pool 16 measured again: the others are far below 95% of it at its spread");
      assertEquals(List.of(), a.candidates());
      assertEquals(2, a.passes());
      assertEquals(Settling.of(Sizing.of("wait", steps, TWO_CORES)).decided(), a.settled(), "the one rule");
   }

   @Test
   void singleStepsWithin5PercentWithoutANoiseToTestAreATieLeftOpen() {
      Answer a = Answer.of(Sizing.of("wait", curve(POOLS, new double[] {100, 190, 370, 870, 900}), TWO_CORES));
      assertEquals(8, a.pool(), "the smallest within 5% of the best");
      assertFalse(a.settled());
      assertEquals(List.of(8, 16), a.candidates(), "one pass tells none apart by a test; pools 1 to 4 are below 95% "
            + "of the best by their Little's-law ceilings");
   }

   @Test
   void repeatedStepsAreTestedAndSettleTheTie() {
      List<StepResult> steps = new ArrayList<>();
      double[] ops = {100, 190, 370, 870, 900};
      List<StepResult> first = curve(POOLS, ops);
      for (int i = 0; i < first.size(); i++) {
         steps.add(pass(first.get(i), 1, ops[i]));
         steps.add(pass(first.get(i), 2, ops[i] * 1.02));
      }
      Answer two = Answer.of(Sizing.of("wait", steps, TWO_CORES));
      assertEquals(8, two.pool());
      assertFalse(two.settled(), "879 against 909 twice each: not yet significantly within 5% (Welch, p 0.8)");
      assertEquals(List.of(8, 16), two.candidates(), "the smaller pools are told apart, the tie is open");
      assertEquals(2, two.passes());
      for (int i = 3; i < first.size(); i++) {
         steps.add(pass(first.get(i), 3, ops[i] * 1.01));
         steps.add(pass(first.get(i), 4, ops[i] * 1.01));
      }
      Answer a = Answer.of(Sizing.of("wait", steps, TWO_CORES));
      assertTrue(a.settled(), "the Welch test decided");
      assertEquals(8, a.pool());
      assertEquals(List.of(), a.candidates());
      assertEquals(4, a.passes());
   }

   @Test
   void anAnswerOnDisturbedStepsNamesThemAndWhatTheyMean() {
      double[] ops = {20, 40, 41, 45, 46};
      double[] cores = {0.98, 1.95, 1.94, 1.96, 1.95};
      List<StepResult> steps = new ArrayList<>();
      List<StepResult> plain = curve(POOLS, ops);
      for (int i = 0; i < plain.size(); i++) {
         StepResult s = withDatabase(plain.get(i), new DatabaseActivity(DatabaseActivity.CPU_CORES, cores[i], 2, 50));
         steps.add(POOLS[i] >= 8 ? hogged(s, 30) : hogged(s, 4));
      }
      Sizing sizing = Sizing.of("cpu", steps, TWO_CORES);
      Answer a = Answer.of(sizing);
      assertEquals(2, a.pool(), "one pass, tested against the saturated steps' spread");
      assertFalse(a.settled(), "pool 2 is not significantly within 5% of 46 at that spread, and 8 and 16 disturbed");
      assertEquals(List.of(2, 8, 16), a.candidates(), "pool 1 is below 95% of the best by its Little's-law ceiling");
      assertEquals(List.of("wait pool=8", "wait pool=16"), a.disturbed());
      String headline = SizingText.headline(sizing);
      assertTrue(headline.contains("rests on 2 disturbed steps"), headline);
      String reasoning = String.join("\n", SizingText.reasoning(sizing));
      assertTrue(reasoning.contains("wait pool=8, wait pool=16"), reasoning);
      assertTrue(reasoning.contains("contention for the machine, not the database's own knee"), reasoning);
   }

   @Test
   void noUsableStepIsNoPoolAndNotSettled() {
      List<StepResult> failed = List.of(SizingTest.step(1, 100, 900, 9.5, 3, true));
      Answer a = Answer.of(Sizing.of("wait", failed, TWO_CORES));
      assertNull(a.pool());
      assertFalse(a.settled());
      assertEquals(List.of(), a.candidates());
   }
}
