package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DriftTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;

   /** A 3 s window whose users complete {@code perThird[i]} operations, evenly spread, in its third {@code i}. */
   private static StepChecks window(int... perThird) {
      StepRecorder r = new StepRecorder(StepId.of("point", 8), 1, 0, 3 * S);
      StepUsers.User u = r.user(1);
      r.start(0);
      for (int third = 0; third < 3; third++) {
         for (int i = 0; i < perThird[third]; i++) {
            long end = third * S + (i + 1) * S / (perThird[third] + 1);
            r.begin(u, end - 1);
            r.acquired(u, end - 1);
            r.record(u, 0, 1, 1, end, null);
         }
      }
      return r.result(3 * S).checks();
   }

   @Test
   void throughputThatClimbsByAFifthOverTheWindowIsNotSteady() {
      StepChecks c = window(1000, 1100, 1200);
      assertEquals(0.2, c.drift(), 1e-9);
      assertTrue(c.notSteady());
   }

   @Test
   void aDriftWithinTenPercentIsSteady() {
      StepChecks c = window(1000, 1000, 1080);
      assertFalse(c.notSteady());
      assertEquals(Boolean.TRUE, c.steady());
   }

   @Test
   void aFewOperationsAreNotFlaggedForTheirNoise() {
      assertTrue(StepChecks.steady(10, 13), "30% on 23 operations is within twice their noise");
      assertFalse(StepChecks.steady(1000, 1300));
      assertTrue(StepChecks.steady(1000, 1090));
      assertFalse(StepChecks.steady(1000, 850), "a fall counts as a rise does");
   }

   @Test
   void aStepCutShortIsNotJudged() {
      StepRecorder r = new StepRecorder(StepId.of("point", 8), 1, 0, 3 * S);
      r.begin(1, 0);
      r.record(1, 0, MS, MS, 10 * MS, null);
      r.stop(S);
      StepChecks c = r.result(S).checks();
      assertNull(c.steady());
      assertTrue(Double.isNaN(c.drift()));
   }
}
