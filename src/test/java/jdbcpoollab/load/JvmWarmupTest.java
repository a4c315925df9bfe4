package jdbcpoollab.load;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmWarmupTest {

   @Test
   void throughputHasSettledWhenTwoSecondsDifferByLessThanFivePercent() {
      assertFalse(JvmWarmup.settled(8_170, 16_850), "the JIT still at work");
      assertTrue(JvmWarmup.settled(16_850, 16_400));
      assertFalse(JvmWarmup.settled(1000, 950), "5% is not less than 5%");
      assertFalse(JvmWarmup.settled(0, 0), "nothing ran yet");
   }
}
