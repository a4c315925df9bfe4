package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OpenAtCloseTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;

   /**
    * Two users: one is served every 100 ms, the other asks at the start and waits the whole window, so that its wait
    * is more than 1% of the window's.
    */
   private static StepResult oneUserBlockedTheWholeWindow() {
      StepRecorder r = new StepRecorder(StepId.of("cpu", 1), 2, 0, 1 * S);
      StepUsers.User served = r.user(1);
      StepUsers.User blocked = r.user(2);
      r.begin(blocked, 0);
      for (long t = 0; t < 1 * S; t += 100 * MS) {
         r.begin(served, t);
         r.acquired(served, t + 100_000);
         r.record(served, 100_000, 91 * MS, 91_100_000, t + 91_100_000, null);
      }
      // the blocked user gets its connection only after the close; its operation ends outside the window
      r.acquired(blocked, 1_200 * MS);
      r.record(blocked, 1_200 * MS, MS, 1_201 * MS, 1_201 * MS, null);
      return r.result(1_300 * MS);
   }

   @Test
   void aUserBlockedTheWholeWindowShowsInTheCensoredPercentiles() {
      StepResult s = oneUserBlockedTheWholeWindow();
      StepChecks c = s.checks();
      assertEquals(1, c.openAtClose().count());
      assertEquals(1, c.openAtClose().waiting());
      assertEquals(0, c.openAtClose().inDatabase());
      assertEquals(1000.0, c.openAtClose().oldestWaitMs(), 0.001);
      assertEquals(0.1, s.times().acquire().p99(), 0.001, "completed only: the blocked user is not there");
      assertEquals(s.times().acquire().count() + 1, c.acquireWithOpen().count());
      // one wait of eleven: here the P99 is the maximum, so it reaches the open wait (in general only the max must)
      assertTrue(c.acquireWithOpen().p99() >= c.oldestOpenMs(),
            "censored P99 " + c.acquireWithOpen().p99() + " below the oldest open wait");
      assertTrue(c.acquireWithOpen().p50() <= s.times().acquire().p99() && c.acquireWithOpen().max() >= 1000.0,
            "only the tail moves: " + c.acquireWithOpen());
      assertEquals(1000.0, c.longestWait().maxMs(), 1.0, "the least-served user waited the whole window");
   }

   @Test
   void littlesLawCountsTheOpenWaitAndMissesHalfTheUsersTimeWithout() {
      StepChecks c = oneUserBlockedTheWholeWindow().checks();
      assertEquals(0.455, c.littleRatioCompleted(), 0.01, "one user of two, busy 91% of the time");
      assertEquals(0.955, c.littleRatio(), 0.01);
      assertFalse(c.littleLow());
   }

   /**
    * A window that opens after 1 s of warm-up: one user asks at 0.5 s and is never served; the other runs a 91 ms
    * operation every 100 ms from 0.05 s, one of them across the window's opening and one open at its close.
    */
   private static StepChecks waitsThatBeganInTheWarmup() {
      StepRecorder r = new StepRecorder(StepId.of("cpu", 1), 2, 1 * S, 1 * S);
      StepUsers.User served = r.user(1);
      StepUsers.User blocked = r.user(2);
      r.start(0);
      r.begin(blocked, 500 * MS);
      for (long t = 50 * MS; t < 2 * S; t += 100 * MS) {
         r.begin(served, t);
         r.acquired(served, t);
         if (t + 91 * MS <= 2 * S) {
            r.record(served, 0, 91 * MS, 91 * MS, t + 91 * MS, null);
         }
      }
      return r.result(2_100 * MS).checks();
   }

   @Test
   void littlesLawCountsOnlyTheTimeInsideTheWindowButTheOldestOpenWaitIsShownWhole() {
      StepChecks c = waitsThatBeganInTheWarmup();
      // inside the window: the blocked user 1000 ms; the other 41 + 9 x 91 + 50 ms, of which 50 ms still open
      assertEquals(1_910.0 / 2_000, c.littleRatio(), 0.001, "ages from the window's opening, not the warm-up's");
      assertEquals(860.0 / 2_000, c.littleRatioCompleted(), 0.001, "the first operation's 50 ms of warm-up left out");
      assertTrue(c.littleRatio() <= 1.0, "no user spends more than the window inside it");
      assertEquals(1_500.0, c.oldestOpenMs(), 0.001, "the oldest open wait whole, warm-up included");
      assertEquals(1_500.0, c.openAtClose().oldestMs(), 0.001);
      assertTrue(c.acquireWithOpen().max() >= c.oldestOpenMs(), c.acquireWithOpen().toString());
   }

   @Test
   void anOperationInTheDatabaseAtTheCloseIsOpenInItsOwnPhase() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 1 * S);
      StepUsers.User u = r.user(1);
      r.start(0);
      r.begin(u, 900 * MS);
      r.acquired(u, 905 * MS);
      r.record(u, 5 * MS, 200 * MS, 205 * MS, 1_105 * MS, null);
      OpenAtClose open = r.result(1_200 * MS).checks().openAtClose();
      assertEquals(1, open.inDatabase());
      assertEquals(0, open.waiting());
      assertEquals(100.0, open.oldestMs(), 0.001);
   }

   @Test
   void aRequestServedAfterALaterOneWasOvertaken() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 2, 0, 1 * S);
      StepUsers.User early = r.user(1);
      StepUsers.User late = r.user(2);
      r.begin(early, 0);
      r.begin(late, 10 * MS);
      r.acquired(late, 20 * MS);
      r.acquired(early, 30 * MS);
      r.record(late, 10 * MS, MS, 11 * MS, 21 * MS, null);
      r.record(early, 30 * MS, MS, 31 * MS, 31 * MS, null);
      assertEquals(0.5, r.result(1 * S).checks().overtaken(), 1e-9);
   }

   @Test
   void theChecksGoIntoTheStepsOwnEntryOfTheSummaryAndReadBack() {
      StepResult s = oneUserBlockedTheWholeWindow();
      Map<String, Object> m = s.toMap();
      assertTrue(m.containsKey("openAtClose"), m.keySet().toString());
      assertEquals(Map.of("acquire", 1L, "database", 0L), ((Map<?, ?>) m.get("openAtClose")).get("byPhase"));
      StepChecks back = s.written().checks();
      assertEquals(s.checks().openAtClose(), back.openAtClose());
      assertEquals(s.checks().acquireWithOpen(), back.acquireWithOpen());
      assertEquals(s.checks().littleRatio(), back.littleRatio(), 0.001);
      assertEquals(1000.0, ((Number) m.get("oldestOpenMs")).doubleValue(), 0.001, "beside acquireWithOpen");
      assertEquals(s.checks().oldestOpenMs(), back.oldestOpenMs(), 0.001);
      assertEquals(s.checks().longestWait(), back.longestWait());
   }

   @Test
   void aSummaryWrittenBeforeTheChecksReadsBackAsUnknown() {
      Map<String, Object> m = new java.util.LinkedHashMap<>(oneUserBlockedTheWholeWindow().toMap());
      m.keySet().removeAll(java.util.List.of("openAtClose", "acquireWithOpen", "littleRatio", "littleRatioCompleted",
            "longestWait", "overtaken", "drift", "steady"));
      StepChecks c = StepResult.fromMap(m).checks();
      assertEquals(OpenAtClose.NONE, c.openAtClose());
      assertTrue(Double.isNaN(c.littleRatio()));
      assertNull(c.steady());
      assertFalse(c.notSteady());
   }
}
