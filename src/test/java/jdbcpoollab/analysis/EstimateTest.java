package jdbcpoollab.analysis;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A mean and its 95% interval, as the tables, the page and the charts print a pool's repeated steps. */
class EstimateTest {

   @Test
   void anIntervalOfMeasurementsThatCannotBeNegativeStopsAtZero() {
      // two P99 acquire waits far apart: t(0.975, 1) = 12.706, so mean - t * s / sqrt(2) is -29.4 ms
      Estimate e = Estimate.of(new double[] {0.1, 5.0});
      assertEquals(2.55, e.mean(), 1e-9);
      assertEquals(0, e.low(), "no wait is shorter than nothing");
      assertEquals(2.55 + 12.706 * 4.9 / 2, e.high(), 1e-2);
      assertTrue(e.repeated());
   }

   @Test
   void aNarrowIntervalIsLeftAsTsAndOneMeasurementIsItsOwnInterval() {
      Estimate e = Estimate.of(new double[] {98, 100, 102});
      assertEquals(100 - 4.303 * 2 / Math.sqrt(3), e.low(), 1e-2);
      Estimate one = Estimate.of(new double[] {7});
      assertEquals(7, one.low());
      assertEquals(7, one.high());
      assertFalse(one.repeated());
   }
}
