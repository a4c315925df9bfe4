package jdbcpoollab.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UserSpreadTest {

   @Test
   void jainIsOneWhenEvenAndOneOverNWhenOneUserDoesEverything() {
      assertEquals(1.0, UserSpread.jain(new long[] {5, 5, 5, 5}), 1e-12);
      assertEquals(0.25, UserSpread.jain(new long[] {0, 0, 12, 0}), 1e-12);
      // (1+2+3+4)^2 / (4 * (1+4+9+16)) = 100 / 120
      assertEquals(100.0 / 120.0, UserSpread.jain(new long[] {1, 2, 3, 4}), 1e-12);
      assertEquals(0.0, UserSpread.jain(new long[] {0, 0}), 0);
   }

   @Test
   void spreadReportsMinMedianMax() {
      UserSpread s = UserSpread.of(new long[] {9, 1, 4, 6});
      assertEquals(4, s.users());
      assertEquals(1, s.min());
      assertEquals(5.0, s.median());
      assertEquals(9, s.max());
      assertEquals(3.0, UserSpread.of(new long[] {3, 1, 8}).median());
   }
}
