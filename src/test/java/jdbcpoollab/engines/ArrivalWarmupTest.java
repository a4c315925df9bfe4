package jdbcpoollab.engines;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ArrivalWarmupTest {

   @Test
   void theWarmUpRunsInTwoPhasesOfWholeSecondsTheSecondAThird() {
      assertEquals(List.of(10L, 5L), ArrivalWarmup.phases(15));
      assertEquals(List.of(7L, 3L), ArrivalWarmup.phases(9.5));
      assertEquals(List.of(1L, 1L), ArrivalWarmup.phases(2));
      assertEquals(List.of(1L), ArrivalWarmup.phases(0.4), "under two seconds, one phase");
      assertEquals("jvm warm-up 2", ArrivalWarmup.name(2, 2));
      assertEquals("jvm warm-up", ArrivalWarmup.name(1, 1));
   }
}
