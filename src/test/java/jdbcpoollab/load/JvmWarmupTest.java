package jdbcpoollab.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmWarmupTest {

   @Test
   void throughputHasSettledWhenThreeSecondsLieWithinFivePercent() {
      assertFalse(JvmWarmup.settled(List.of(8_170L, 16_850L, 16_400L)), "the JIT still at work");
      assertTrue(JvmWarmup.settled(List.of(8_170L, 16_850L, 16_400L, 16_700L)));
      assertFalse(JvmWarmup.settled(List.of(16_850L, 16_400L)), "two seconds are not enough");
      // a measured point warm-up: its last two seconds 1.5% apart, while the first step after it ran 16% slower
      assertFalse(JvmWarmup.settled(List.of(12_207L, 16_731L, 18_365L, 20_036L, 22_810L, 26_465L, 26_854L)));
      assertFalse(JvmWarmup.settled(List.of(1000L, 1000L, 950L)), "5% is not less than 5%");
      assertFalse(JvmWarmup.settled(List.of(0L, 0L, 0L)), "nothing ran yet");
   }

   @Test
   void theJvmIsWarmOnlyWhenTheJitHasAlsoGoneQuietWhereItIsCounted() {
      List<Long> plateau = List.of(8_170L, 16_850L, 16_400L, 16_700L);
      // measured on 2 cores: C2 compiling 580 ms a second through a window after such a plateau
      assertFalse(JvmWarmup.settled(plateau, List.of(900L, 700L, 600L, 580L)), "the JIT still compiling");
      assertFalse(JvmWarmup.settled(plateau, List.of(900L, 90L, 80L, 100L)), "100 ms is not under 100 ms");
      assertTrue(JvmWarmup.settled(plateau, List.of(900L, 90L, 80L, 20L)));
      assertFalse(JvmWarmup.settled(plateau, List.of(20L, 20L)), "the JIT's last three seconds are needed");
      assertTrue(JvmWarmup.settled(plateau, List.of()), "a JVM that does not count its compile time: throughput alone");
      assertFalse(JvmWarmup.settled(List.of(1000L, 1000L, 950L), List.of(0L, 0L, 0L)),
            "a quiet JIT alone is not enough");
   }
}
