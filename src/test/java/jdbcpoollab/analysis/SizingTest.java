package jdbcpoollab.analysis;

import jdbcpoollab.measure.DatabaseActivity;
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
import jdbcpoollab.report.SizingText;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.PoolSweepSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SizingTest {
   static final int USERS = 64;

   /** A step of 5 s with the given throughput, acquire P99 and query average; users share the work evenly. */
   static StepResult step(int pool, double throughput, double acquireP99, double queryAvg, long failures,
                                  boolean complete) {
      long ok = Math.round(throughput * 5);
      Timing acquire = new Timing(ok, acquireP99 / 4, acquireP99 / 8, acquireP99 / 2, acquireP99, acquireP99 * 2);
      Timing query = new Timing(ok, queryAvg, queryAvg, queryAvg, queryAvg * 1.5, queryAvg * 2);
      Timing total = new Timing(ok, queryAvg + acquireP99 / 4, 0, 0, queryAvg + acquireP99, 0);
      long each = ok / USERS;
      return new StepResult(StepId.of("wait", pool), new StepCounts(USERS, 5, ok, failures, 0, throughput),
            new StepTimes(acquire, query, total),
            new StepOutcome(new UserSpread(USERS, each, each, each, 1.0), Map.of(), complete), StepResources.NONE,
            StepChecks.NONE, StepRuntime.NONE);
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

   /** Steps of the given pools and throughputs; small pools wait long for a connection, as in a closed loop. */
   static List<StepResult> curve(int[] pools, double[] throughputs) {
      List<StepResult> steps = new ArrayList<>();
      for (int i = 0; i < pools.length; i++) {
         double cycleMs = USERS * 1000 / throughputs[i];
         double queryMs = cycleMs * Math.min(pools[i], USERS) / USERS;
         steps.add(step(pools[i], throughputs[i], 4 * (cycleMs - queryMs) + 0.001, queryMs, 0, true));
      }
      return steps;
   }

   static StepResult pass(StepResult s, int repetition, double throughput) {
      return new StepResult(new StepId(s.workload(), "", s.pool(), repetition, 1, 1),
            new StepCounts(s.counts().users(), s.counts().seconds(), s.counts().ok(), s.counts().ko(),
                  s.counts().koOutside(), throughput),
            s.times(),
            s.outcome(), StepResources.NONE,
            StepChecks.NONE, StepRuntime.NONE);
   }

   static StepResult withDatabase(StepResult s, DatabaseActivity database) {
      return new StepResult(s.id(),
            s.counts(),
            s.times(),
            s.outcome(),
            new StepResources(null, s.resources().betweenMs(), database, s.resources().clientCpu()), StepChecks.NONE,
            StepRuntime.NONE);
   }

   private static final int[] POOLS = {1, 2, 4, 8, 16, 32, 64};

   @Test
   void aCpuBoundCurveGetsItsKneeWhateverTheAcquireWait() {
      // a default run of the cpu workload on a 2-core machine: throughput flat from pool 4 on
      List<StepResult> steps = curve(POOLS, new double[] {42.4, 77.8, 83.6, 83.2, 72.4, 82.6, 82.6});
      Recommendation c = Recommendation.of(steps);
      assertEquals(4, c.best().pool());
      assertEquals(4, c.pick().pool(), "77.8 at pool 2 is below 95% of 83.6; pool 4 is the knee");
      assertTrue(c.pick().acquireP99().mean() > 1000, "its P99 acquire wait is long, and that does not count");
      assertEquals(List.of(4, 8, 32, 64), c.nearBest().stream().map(PoolSize::pool).toList());
      assertFalse(c.tested());
   }

   @Test
   void aLinearCurveGetsTheLargestPool() {
      List<StepResult> steps = curve(POOLS, new double[] {163, 324, 633, 1253, 2407, 4516, 7718});
      assertEquals(64, Recommendation.of(steps).pick().pool());
      assertEquals(8, Recommendation.of(sweep()).pick().pool(), "700 is within 5% of 730");
   }

   @Test
   void noisyRepeatsLeaveASmallerPoolBelowTheKneeOpenButNeverTheAnswer() {
      List<StepResult> one = curve(new int[] {1, 2, 4, 8}, new double[] {51, 92, 100, 99});
      List<StepResult> noisy = new ArrayList<>();
      List<StepResult> tight = new ArrayList<>();
      double[][] noisyPasses = {{50, 52, 51}, {80, 95, 100}, {98, 100, 102}, {97, 99, 101}};
      double[][] tightPasses = {{50, 52, 51}, {90.5, 91, 91.5}, {99.5, 100, 100.5}, {98.5, 99, 99.5}};
      for (int i = 0; i < one.size(); i++) {
         for (int r = 0; r < 3; r++) {
            noisy.add(pass(one.get(i), r + 1, noisyPasses[i][r]));
            tight.add(pass(one.get(i), r + 1, tightPasses[i][r]));
         }
      }
      Recommendation c = Recommendation.of(noisy);
      assertTrue(c.tested());
      assertEquals(4, c.best().pool());
      PoolSize two = PoolSize.of(noisy).get(1);
      assertEquals(91.667, two.throughput().mean(), 1e-3, "below 95 on average ...");
      assertTrue(c.pBelow(two) > Welch.ALPHA, "... but not significantly: 80, 95 and 100 spread too wide to tell");
      assertEquals(4, c.pick().pool(), "so pool 2 is no answer by default: the knee is");
      assertEquals(List.of(4, 8), c.nearBest().stream().map(PoolSize::pool).toList());
      assertEquals(4, Recommendation.of(tight).pick().pool(), "91 +- 0.5 is significantly below 95% of 100 +- 0.5");
      Sizing sizing = Sizing.of("cpu", noisy, new Sizing.Context(USERS, 2, 50.0));
      Settling open = Settling.of(sizing);
      assertFalse(open.decided(), "pool 2 is a candidate to measure again");
      assertEquals(List.of(2, 4), open.candidates(), "pool 1 is clearly below");
      assertTrue(Settling.of(Sizing.of("cpu", tight, new Sizing.Context(USERS, 2, 50.0))).decided());
      assertEquals(12, sizing.steps().size());
      assertEquals(4, sizing.pools().size());
      assertTrue(sizing.repeated());
      Estimate e = sizing.pools().get(2).throughput();
      assertEquals(100, e.mean(), 1e-9);
      assertEquals(100 - 4.303 * 2 / Math.sqrt(3), e.low(), 1e-2, "t(0.975, 2) = 4.303, s = 2");
   }

   @Test
   void theDatabaseSaturatesWhereItsServerUsesNineTenthsOfItsCores() {
      List<StepResult> steps = new ArrayList<>();
      double[] cores = {0.9, 1.7, 1.85, 1.95};
      List<StepResult> plain = curve(new int[] {1, 2, 4, 8}, new double[] {42, 78, 84, 83});
      for (int i = 0; i < plain.size(); i++) {
         steps.add(withDatabase(plain.get(i), new DatabaseActivity(DatabaseActivity.CPU_CORES, cores[i], 2, 20)));
      }
      Sizing s = Sizing.of("cpu", steps, new Sizing.Context(USERS, 2, 50.0));
      assertFalse(s.saturated(steps.get(1)), "1.7 of 2 cores is under 90%");
      assertTrue(s.saturated(steps.get(2)));
      assertEquals(4, s.saturatedFrom());
      assertTrue(SizingText.headline(s).contains("database saturated from pool 4"), SizingText.headline(s));
      assertTrue(SizingText.why(s).get(2).contains("saturated from pool 4"), SizingText.why(s).toString());
      assertNull(Sizing.of("cpu", steps, new Sizing.Context(USERS, 0, 50.0)).saturatedFrom(), "unknown cores");
      StepResult threads = withDatabase(plain.get(3), new DatabaseActivity(DatabaseActivity.THREADS_RUNNING, 8, 8, 20));
      assertFalse(s.saturated(threads), "running threads are not CPU");
   }

   @Test
   void stepsWithFailuresOrCutShortAreNotRecommended() {
      List<StepResult> steps = sweep();
      steps.set(3, step(8, 700, 60, 11, 3, true));
      assertEquals(16, Recommendation.of(steps).pick().pool());
      steps.set(5, step(32, 730, 5, 43, 0, false));
      Recommendation c = Recommendation.of(steps);
      assertEquals(16, c.best().pool(), "the best is taken among usable steps only");
      assertEquals(16, c.pick().pool());
      assertNull(Recommendation.of(List.of(step(1, 100, 900, 9.5, 2, true))).pick());
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
      assertEquals(8, s.choice().pick().pool());
      assertTrue(SizingText.headline(s).startsWith("wait: pool 8 "), SizingText.headline(s));
      assertEquals(3, SizingText.why(s).size());
      assertTrue(SizingText.why(s).get(0).contains("pool 8 is the smallest within 5% of it"), SizingText.why(s).get(0));
      assertTrue(SizingText.why(s).get(1).contains("users / throughput (Little's law)"), SizingText.why(s).get(1));
      assertEquals(0, Sizing.of("wait", sweep(), context(sweep())).ruleOfThumb(), "an old run: the server's cores unknown");
      assertTrue(SizingText.reasoning(Sizing.of("wait", sweep(), context(sweep()))).stream()
            .anyMatch(l -> l.contains("unknown here (-Ddb.cores gives them)")));
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
         assertTrue(step.counts().throughput() <= s.ceiling(step.pool()), "pool " + step.pool());
      }
   }

   @Test
   void aUserWithUnderAQuarterOfAnEvenShareIsStarved() {
      StepResult even = step(1, 128, 900, 7.8, 0, true);
      assertFalse(Sizing.starved(even));
      long ok = even.counts().ok();
      StepResult uneven = new StepResult(StepId.of("wait", 1), new StepCounts(USERS, 5, ok, 0, 0, 128),
            even.times(),
            new StepOutcome(new UserSpread(USERS, ok / USERS / 4 - 1, ok / USERS, 40, 0.8), Map.of(), true),
            StepResources.NONE, StepChecks.NONE, StepRuntime.NONE);
      assertTrue(Sizing.starved(uneven));
      StepResult thin = new StepResult(StepId.of("wait", 1), new StepCounts(USERS, 5, USERS, 0, 0, 12.8),
            even.times(),
            new StepOutcome(new UserSpread(USERS, 0, 1, 3, 0.6), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE);
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
      return Sizing.Context.of(new PoolSweepSettings(null, 0, 0, 0, null, 0, 0, null, null, null, 0, 0, null, null),
            Environment.at(null), steps);
   }

   @Test
   void withThinkTimeTheUsersSetTheCeilingAndTheAnswerSaysHowManyEachPoolCarries() {
      // 64 users thinking 100 ms: at most 64 / (S1 + Z) = 64 / 0.1095 s = 584 ops/s, whatever the pool
      Sizing s = Sizing.of("wait", sweep(), new Sizing.Context(USERS, 2, 50.0, Map.of("wait", 100.0)));
      assertEquals(100, s.thinkMs());
      assertEquals(1000 / 9.5, s.ceiling(1), 1e-9, "one connection: pool / S1");
      assertEquals(USERS * 1000 / 109.5, s.ceiling(32), 1e-9, "users / (S1 + Z)");
      assertEquals(Capacity.ceiling(32, USERS, 9.5), Sizing.of("wait", sweep(), new Sizing.Context(USERS, 2, 50.0))
            .ceiling(32), 1e-9, "no think time: min(pool, users) / S1 as before");
      PoolSize eight = s.pools().get(3);
      // pool 8 holds each connection 11 ms a request; a user asks once every R + Z = 26 + 100 ms
      assertEquals(8 * 126.0 / 11, s.usersCarried(eight), 1e-9);
      String why = String.join(" ", SizingText.reasoning(s));
      assertTrue(why.contains("R + Z") && why.contains("pool 8 about 92"), why);
      assertTrue(why.contains("min(pool / S1, users / (S1 + Z)), Z = 100 ms"), why);
      assertTrue(SizingText.headline(s).contains("carries about"), SizingText.headline(s));
   }
}
