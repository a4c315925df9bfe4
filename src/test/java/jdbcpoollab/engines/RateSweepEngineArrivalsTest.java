package jdbcpoollab.engines;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RateSweepEngineArrivalsTest {

   @Test
   void arrivalsLastWholeSecondsBeyondTheWindowAndTheFirstArrival() {
      // Gatling brings the arrivals a second at a time: whole seconds, so that 3.5 s does not end them at 3 s, inside
      // a window of 1 + 2 s opened by the first arrival
      assertEquals(Duration.ofSeconds(4), RateSweepEngine.arrivals(1, 2, 50));
      assertEquals(Duration.ofSeconds(2), RateSweepEngine.arrivals(0, 1, 1000));
      assertEquals(Duration.ofSeconds(8), RateSweepEngine.arrivals(0, 2, 1),
            "a slow first arrival: 5 mean gaps of 1 s");
   }
}
