package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.report.SizingText;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.SweepSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SizingTest {
   private static final int USERS = 64;

   /** A step of 5 s with the given throughput, acquire P99 and query average; users share the work evenly. */
   private static StepResult step(int pool, double throughput, double acquireP99, double queryAvg, long failures,
                                  boolean complete) {
      long ok = Math.round(throughput * 5);
      Timing acquire = new Timing(ok, acquireP99 / 4, acquireP99 / 8, acquireP99 / 2, acquireP99, acquireP99 * 2);
      Timing query = new Timing(ok, queryAvg, queryAvg, queryAvg, queryAvg * 1.5, queryAvg * 2);
      Timing total = new Timing(ok, queryAvg + acquireP99 / 4, 0, 0, queryAvg + acquireP99, 0);
      long each = ok / USERS;
      return new StepResult("wait", pool, USERS, 5, ok, failures, 0, throughput, acquire, query, total,
            new UserSpread(USERS, each, each, each, 1.0), Map.of(), complete);
   }

   private static List<StepResult> sweep() {
      return new ArrayList<>(List.of(
            step(1, 100, 900, 9.5, 0, true),
            step(2, 190, 400, 10, 0, true),
            step(4, 370, 200, 10.5, 0, true),
            step(8, 700, 60, 11, 0, true),
            step(16, 720, 30, 21, 0, true),
            step(32, 730, 5, 43, 0, true)));
   }

   @Test
   void smallestPoolNearTheBestWhoseP99WaitIsUnderTheLimit() {
      Sizing.Choice c = Sizing.choose(sweep(), 50);
      assertEquals(32, c.best().pool());
      assertEquals(List.of(8, 16, 32), c.nearBest().stream().map(StepResult::pool).toList());
      assertEquals(16, c.pick().pool(), "8 is near the best but waits 60 ms at P99");
      assertTrue(c.meetsWaitLimit());
      assertEquals(32, Sizing.choose(sweep(), 10).pick().pool());
      assertEquals(8, Sizing.choose(sweep(), 60.5).pick().pool());
   }

   @Test
   void whenNoPoolIsBothTheSmallestNearTheBestIsFlagged() {
      Sizing.Choice c = Sizing.choose(sweep(), 1);
      assertEquals(8, c.pick().pool());
      assertFalse(c.meetsWaitLimit());
      assertTrue(c.shortWait().isEmpty());
   }

   @Test
   void stepsWithFailuresOrCutShortAreNotRecommended() {
      List<StepResult> steps = sweep();
      steps.set(4, step(16, 720, 30, 21, 3, true));
      assertEquals(32, Sizing.choose(steps, 50).pick().pool());
      steps.set(5, step(32, 730, 5, 43, 0, false));
      Sizing.Choice c = Sizing.choose(steps, 50);
      assertEquals(8, c.best().pool(), "the best is taken among usable steps only");
      assertEquals(8, c.pick().pool());
      assertFalse(c.meetsWaitLimit());
      assertNull(Sizing.choose(List.of(step(1, 100, 900, 9.5, 2, true)), 50).pick());
   }

   @Test
   void s1CeilingAndBusyConnectionsFollowLittlesLaw() {
      Sizing s = Sizing.of("wait", sweep(), new Sizing.Context(USERS, 2, 50.0));
      assertEquals(1, s.s1Step().pool());
      assertEquals(9.5, s.s1Ms());
      assertEquals(8 * 1000 / 9.5, s.ceiling(8), 1e-9);
      assertEquals(USERS * 1000 / 9.5, s.ceiling(128), 1e-9, "never more busy connections than users");
      assertEquals(0.95, Sizing.busy(sweep().get(0)), 1e-9);
      assertEquals(63 * 1000 / 100.0, Sizing.fifoWaitMs(sweep().get(0)), 1e-9);
      assertEquals(5, s.ruleOfThumb());
      assertEquals(16, s.choice().pick().pool());
      assertTrue(SizingText.headline(s).startsWith("wait: pool 16 "), SizingText.headline(s));
      assertTrue(SizingText.reasoning(s).stream().anyMatch(l -> l.startsWith("Recommended: pool 16")), SizingText.reasoning(s).toString());
   }

   @Test
   void s1IsTheSmallestQueryTimeOfACompleteStepEvenWithTimeouts() {
      List<StepResult> steps = sweep();
      steps.set(0, step(1, 100, 900, 9.4, 4, true));
      assertEquals(9.4, Sizing.of("wait", steps, context(steps)).s1Ms(), "timeouts do not change a query's time");
      steps.set(0, step(1, 100, 900, 9.4, 0, false));
      assertEquals(2, Sizing.of("wait", steps, context(steps)).s1Step().pool(), "a step cut short is left out");
      steps.set(2, step(4, 370, 200, 8.0, 0, true));
      Sizing s = Sizing.of("wait", steps, new Sizing.Context(USERS, 2, 50.0));
      assertEquals(4, s.s1Step().pool(), "a noisy pool=1 must not put the ceiling below a measured throughput");
      for (StepResult step : s.steps()) {
         assertTrue(step.throughput() <= s.ceiling(step.pool()), "pool " + step.pool());
      }
   }

   @Test
   void aUserWithUnderAQuarterOfAnEvenShareIsStarved() {
      StepResult even = step(1, 128, 900, 7.8, 0, true);
      assertFalse(Sizing.starved(even));
      long ok = even.ok();
      StepResult uneven = new StepResult("wait", 1, USERS, 5, ok, 0, 0, 128, even.acquire(), even.query(),
            even.total(), new UserSpread(USERS, ok / USERS / 4 - 1, ok / USERS, 40, 0.8), Map.of(), true);
      assertTrue(Sizing.starved(uneven));
      StepResult thin = new StepResult("wait", 1, USERS, 5, USERS, 0, 0, 12.8, even.acquire(), even.query(),
            even.total(), new UserSpread(USERS, 0, 1, 3, 0.6), Map.of(), true);
      assertFalse(Sizing.starved(thin), "one operation per user is too few to call anybody starved");
      assertFalse(Sizing.judged(thin));
   }

   @Test
   void aSerialisedWorkloadPeaksAtOneConnection() {
      List<StepResult> steps = List.of(step(1, 133, 500, 7.5, 0, true), step(2, 87, 600, 23, 0, true),
            step(4, 99, 480, 37, 0, true), step(8, 93, 470, 69, 0, true));
      Sizing s = Sizing.of("cpu", steps, new Sizing.Context(16, 2, 50.0));
      assertTrue(s.usl().peak() < 1.5, "N* " + s.usl().peak());
      assertTrue(SizingText.reasoning(s).stream().anyMatch(l -> l.contains("one connection is as fast as it gets")),
            SizingText.reasoning(s).toString());
      assertEquals(1, s.choice().pick().pool());
   }

   @Test
   void theUslFitUsesPoolsUpToTheNumberOfUsers() {
      Sizing s = Sizing.of("wait", sweep(), new Sizing.Context(16, 2, 50.0));
      assertEquals(5, s.usl().points());
      assertNull(s.uslProblem());
      Sizing few = Sizing.of("wait", sweep().subList(0, 2), new Sizing.Context(16, 2, 50.0));
      assertNull(few.usl());
      assertTrue(few.uslProblem().contains("at least 3"), few.uslProblem());
   }

   /** A context as the lab reads it from a run that recorded no settings. */
   private static Sizing.Context context(List<StepResult> steps) {
      return Sizing.Context.of(new SweepSettings(null, 0, 0, 0, null, 0, 0, null, null, null, 0, null),
            Environment.at(null), steps);
   }
}
