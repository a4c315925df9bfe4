package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An open-loop step's checks: Little's law as L = λW (the requests in progress measured over the window against the
 * offered rate times the mean time per request), the requests open at the close, and the drift.
 */
class OpenLoopChecksTest {
   private static final long MS = 1_000_000L;
   private static final long S = 1_000_000_000L;

   /**
    * 1,000 arrivals a second, each served at once for 1 ms by one of two request threads, over a 1 s window (the
    * last one still in the database at the close) and 20 ms after it, dropped unserved; in the window's last third
    * every other arrival is refused when {@code refuseLate}.
    */
   private static ArrivalResult step(boolean refuseLate) {
      ArrivalRecorder r = new ArrivalRecorder(new StepRecorder(StepId.of("point", 2), 2, 0, 1 * S), 1_000, 2);
      for (long k = 0; k < 1_020; k++) {
         long arrival = k * MS;
         r.arrived(arrival);
         if (refuseLate && arrival > 667 * MS && k % 2 == 0) {
            r.refused(arrival, true);
            continue;
         }
         long thread = k % 2 + 1;
         if (!r.running(arrival)) {
            r.unserved();
            continue;
         }
         r.begin(thread, arrival);
         r.acquired(thread, arrival);
         if (k < 999) {
            r.record(thread, arrival, arrival, 0, MS, arrival + MS, null);
         }
      }
      return r.result(1_100 * MS);
   }

   @Test
   void aStepThatCarriesItsOfferedRateObeysLittlesLaw() {
      StepChecks c = step(false).step().checks();
      assertEquals(1.0, c.littleRatio(), 0.005, "L = 1 request in progress, λW = 1000/s x 1 ms");
      assertEquals(1, c.openAtClose().count(), "the arrival at 999 ms, on its thread at the close");
      assertEquals(1, c.openAtClose().inDatabase());
      assertEquals(Boolean.TRUE, c.steady());
      assertFalse(c.notSteady());
   }

   @Test
   void refusedArrivalsShowAsTooFewRequestsInProgressAndAsDrift() {
      ArrivalResult r = step(true);
      StepChecks c = r.step().checks();
      assertTrue(r.refused() > 150, r.refused() + " refused");
      assertEquals(5.0 / 6, c.littleRatio(), 0.01, "a sixth of the offered load was not carried");
      assertEquals(-0.5, c.drift(), 0.01);
      assertTrue(c.notSteady());
   }

   @Test
   void theChecksAreInTheStepsEntryOfTheSummary() {
      Map<String, Object> m = step(true).toMap();
      for (String key : new String[] {"openAtClose", "acquireWithOpen", "littleRatio", "drift", "steady"}) {
         assertTrue(m.containsKey(key), key + " in " + m.keySet());
      }
      ArrivalResult back = ArrivalResult.fromMap(m);
      assertEquals(step(true).step().checks().littleRatio(), back.step().checks().littleRatio(), 0.001);
   }
}
