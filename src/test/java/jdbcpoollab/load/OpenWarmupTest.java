package jdbcpoollab.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OpenWarmupTest {

   @Test
   void theJitIsQuietWhenItsLastThreeSecondsEachCompiledUnderAHundredMs() {
      assertTrue(OpenWarmup.quiet(List.of(900L, 600L, 90L, 80L, 20L)));
      assertFalse(OpenWarmup.quiet(List.of(900L, 90L, 80L, 100L)), "100 ms is not under 100 ms");
      assertFalse(OpenWarmup.quiet(List.of(20L, 20L)), "three seconds are needed");
      assertFalse(OpenWarmup.quiet(List.of(20L, 435L, 20L, 20L, 823L)), "the last second compiled");
   }
}
