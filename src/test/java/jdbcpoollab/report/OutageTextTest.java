package jdbcpoollab.report;

import jdbcpoollab.measure.OutageResult;
import jdbcpoollab.measure.Timing;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutageTextTest {
   private static OutageResult failedAcquires(Timing failedAcquire, long failed, long afterReturn) {
      return new OutageResult("dbcp2", null, 2_000, 2_010, Timing.EMPTY, 100, failed, Map.of(), afterReturn, 50,
            0.1, 0, 2, 2, 0, 0, 100, failedAcquire, (failed - afterReturn) / 3.0);
   }

   @Test
   void aPoolWhoseFailedGetConnectionsEndFarBeforeTheTimeoutFailsFast() {
      OutageResult r = failedAcquires(new Timing(300, 2, 1.5, 3, 5, 9), 301, 1);
      assertEquals("fails fast", OutageText.failureMode(r));
      assertTrue(OutageText.answer(r).contains("301 operations failed (1 after the return; 100.0 per second"
            + " unreachable); fails fast: median failed getConnection 2 ms"), OutageText.answer(r));
   }

   @Test
   void aPoolWhoseFailedGetConnectionsLastMostOfTheTimeoutMakesCallersWait() {
      OutageResult r = failedAcquires(new Timing(4, 1_900, 2_001, 2_004, 2_010, 2_010), 6, 0);
      assertEquals("makes callers wait", OutageText.failureMode(r));
   }

   @Test
   void withoutAFailedGetConnectionThereIsNoModeToTell() {
      assertNull(OutageText.failureMode(failedAcquires(Timing.EMPTY, 2, 0)));
      assertFalse(OutageText.answer(failedAcquires(Timing.EMPTY, 2, 0)).contains("fails fast"));
   }
}
