package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StepRecorderTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;

   @Test
   void onlyOperationsCompletingInsideTheWindowAreMeasured() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 4), 2, 1 * S, 2 * S);
      long t0 = 1_000 * S;
      r.begin(1, t0);
      r.begin(2, t0);
      assertFalse(r.record(1, 1 * MS, 5 * MS, 6 * MS, t0 + 500 * MS, null), "warm-up");
      assertTrue(r.record(1, 2 * MS, 5 * MS, 7 * MS, t0 + 1_500 * MS, null));
      assertTrue(r.record(2, 4 * MS, 5 * MS, 9 * MS, t0 + 2_500 * MS, null));
      assertTrue(r.record(2, 30 * MS, 0, 30 * MS, t0 + 2_600 * MS, "timeout"));
      assertFalse(r.record(1, 1 * MS, 5 * MS, 6 * MS, t0 + 3_100 * MS, null), "after the window");
      assertFalse(r.record(1, 1 * MS, 0, 1 * MS, t0 + 3_200 * MS, "late failure"));

      StepResult result = r.result(t0 + 4 * S);
      assertEquals(2, result.counts().ok());
      assertEquals(1, result.counts().ko());
      assertEquals(1, result.counts().koOutside());
      assertEquals(2.0, result.counts().seconds(), 1e-9);
      assertEquals(1.0, result.counts().throughput(), 1e-9);
      assertTrue(result.outcome().complete());
      assertEquals(3, result.times().acquire().count(), "failed operations waited too");
      assertEquals(30.0, result.times().acquire().max(), 0.05);
      assertEquals(2, result.times().total().count());
      assertEquals(8.0, result.times().total().avg(), 0.01);
      assertEquals(1L, result.outcome().errors().get("timeout"));
      assertEquals(1L, result.outcome().errors().get("late failure"));
      assertEquals(1, result.outcome().perUser().min());
      assertEquals(1, result.outcome().perUser().max());
   }

   @Test
   void theWindowStartsWithTheFirstOperationAndEnds() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 1 * S);
      assertTrue(r.running(5), "running before the first operation");
      r.begin(7, 10 * S);
      r.begin(7, 10 * S + 500 * MS);
      assertTrue(r.running(10 * S + 999 * MS));
      assertFalse(r.running(11 * S));
   }

   @Test
   void aStoppedStepIsIncompleteAndItsWindowIsCut() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 10 * S);
      r.begin(1, 0);
      r.record(1, MS, MS, 2 * MS, 1 * S, null);
      r.stop(4 * S);
      assertFalse(r.running(4 * S + 1));
      assertFalse(r.record(1, MS, MS, 2 * MS, 5 * S, null));
      StepResult result = r.result(6 * S);
      assertFalse(result.outcome().complete());
      assertEquals(4.0, result.counts().seconds(), 1e-9);
      assertEquals(0.25, result.counts().throughput(), 1e-9);
   }

   @Test
   void aStepThatEndsOnItsOwnJustBeforeItsPlannedEndIsCompleteWithTheSecondsItMeasured() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 2), 1, 1 * S, 2 * S);
      long t0 = 1_000 * S;
      r.start(t0);
      r.record(1, MS, MS, 2 * MS, t0 + 1_500 * MS, null);
      // the arrivals ended 0.4 ms before the planned end: nothing cut the step short
      StepResult result = r.result(t0 + 2_999_600_000L);
      assertTrue(result.outcome().complete());
      assertEquals(1.9996, result.counts().seconds(), 1e-9);
   }

   @Test
   void usersThatNeverCompletedCountAsZero() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 3, 0, 10 * S);
      r.begin(1, 0);
      r.begin(2, 0);
      r.begin(3, 0);
      for (int i = 0; i < 9; i++) {
         r.record(1, MS, MS, 2 * MS, (i + 1) * MS, null);
      }
      StepResult result = r.result(10 * S);
      assertEquals(0, result.outcome().perUser().min());
      assertEquals(9, result.outcome().perUser().max());
      assertEquals(1.0 / 3, result.outcome().perUser().jain(), 1e-9);
   }

   @Test
   void theGapBetweenTwoOperationsOfAUserIsRecordedWhenTheFirstEndedInTheWindow() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 2, 1 * S, 10 * S);
      r.begin(1, 0);
      r.record(1, 0, MS, MS, 500 * MS, null);
      r.begin(1, 500 * MS + 300_000);
      r.record(1, 0, MS, MS, 2 * S, null);
      r.begin(1, 2 * S + 40_000);
      r.begin(2, 2 * S + 50_000);
      r.record(2, 0, MS, MS, 3 * S, null);
      r.record(1, 0, MS, MS, 3 * S + 10_000, null);
      r.begin(2, 3 * S + 70_000);
      Histogram gaps = r.gaps();
      assertEquals(2, gaps.getTotalCount(), "the warm-up gap and each user's first operation have none");
      assertEquals(40_000, gaps.getMinValue(), 40);
      assertEquals(70_000, gaps.getMaxValue(), 70);
      assertEquals(3, r.result(11 * S).counts().ok(), "recording the gaps changes nothing else");
   }

   @Test
   void theThinkTimeIsRecordedBesideTheHarnesssOwnTimeBetweenOperationsNotInIt() {
      StepRecorder r = new StepRecorder(StepId.of("wait", 1), 1, 0, 10 * S);
      StepUsers.User user = r.user(1);
      long end = 1 * S;
      r.begin(user, 0);
      r.record(user, 0, MS, MS, end, null);
      for (long think : new long[] {40 * MS, 60 * MS}) {
         r.thought(user, think);
         r.begin(user, end + think + 400_000);
         end += think + 400_000 + MS;
         r.record(user, 0, MS, MS, end, null);
      }
      StepResult result = r.result(11 * S);
      assertEquals(0.4, result.resources().betweenMs(), 0.001, "the harness's own time, the think time left out");
      assertEquals(50.0, result.resources().thinkMs(), 0.001, "the mean think time, beside it");
      Map<String, Object> json = result.toMap();
      assertEquals(List.of("betweenMs", "thinkMs"), json.keySet().stream()
            .filter(k -> k.equals("betweenMs") || k.equals("thinkMs")).toList());
      assertEquals(50.0, result.written().resources().thinkMs(), 0.001, "summary.json keeps it");
      StepRecorder thoughtless = new StepRecorder(StepId.of("wait", 1), 1, 0, S);
      thoughtless.begin(1, 0);
      thoughtless.record(1, 0, MS, MS, MS, null);
      assertEquals(0.0, thoughtless.result(S).resources().thinkMs(), "no user thought: 0");
   }

   @Test
   void timingsAreMillisecondsWithMicrosecondResolution() {
      assertEquals(1.235, Timing.ms(1_234_567));
      assertEquals(0.001, Timing.ms(1_000));
      assertEquals(0.0, Timing.ms(400));
   }
}
