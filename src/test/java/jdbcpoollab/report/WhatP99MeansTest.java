package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepUsers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WhatP99MeansTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;

   /**
    * Three users on one connection: two take turns, 40 operations in all, and the third waits the whole window, more
    * than 1% of the waits.
    */
   private static StepResult unfair() {
      StepRecorder r = new StepRecorder(StepId.of("cpu", 1), 3, 0, 1 * S);
      StepUsers.User a = r.user(1);
      StepUsers.User b = r.user(2);
      StepUsers.User starved = r.user(3);
      r.begin(starved, 0);
      for (long t = 0; t < 1 * S; t += 50 * MS) {
         for (StepUsers.User u : List.of(a, b)) {
            long start = u == a ? t : t + 25 * MS;
            r.begin(u, start);
            r.acquired(u, start + MS);
            r.record(u, MS, 9 * MS, 10 * MS, start + 10 * MS, null);
         }
      }
      return r.result(1_100 * MS);
   }

   @Test
   void anUnfairStepSaysWhatP99IsOverCompletedWaitsCountingTheOpenOnesAndForTheLeastServedUser() {
      StepResult s = unfair();
      assertTrue(Sizing.unfair(s));
      List<String> lines = SweepProse.whatP99Means(s);
      assertEquals(3, lines.size());
      assertTrue(lines.get(0).contains("the P99 acquire wait is 1.0 ms"), lines.get(0));
      assertTrue(lines.get(1).startsWith("Counting the 1 waits still open at the close at their age so far (the oldest"
            + " 1000.0 ms), the P99 is ≥ 1000."), lines.get(1));
      assertTrue(lines.get(1).contains("Little's law still sees only"), lines.get(1));
      assertTrue(lines.get(2).startsWith("The least-served user completed 0 operations and waited up to 1000.0 ms"),
            lines.get(2));
   }
}
