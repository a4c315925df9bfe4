package jdbcpoollab.runoptions;

import jdbcpoollab.measure.Disturbance;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** -Ddisturbed.maxPct: the share of the machine other work may take before a step is disturbed. */
class PoolSweepOptionsDisturbedTest {

   @Test
   void theShareIs10PercentUnlessGivenFrom0To100() {
      assertEquals(Disturbance.DEFAULT, PoolSweepOptionsSourcesTest.sweep(Map.of("workloads", "wait")).disturbance());
      assertEquals(new Disturbance(25.5), PoolSweepOptionsSourcesTest.sweep(Map.of("disturbed.maxPct", "25.5"))
            .disturbance());
      assertEquals(new Disturbance(0), PoolSweepOptionsSourcesTest.sweep(Map.of("disturbed.maxPct", "0"))
            .disturbance());
      assertEquals("bad option -Ddisturbed.maxPct=101: allowed is a number from 0 to 100",
            PoolSweepOptionsSourcesTest.error(Map.of("disturbed.maxPct", "101")));
      assertEquals("bad option -Ddisturbed.maxPct=ten: allowed is a number from 0 to 100",
            PoolSweepOptionsSourcesTest.error(Map.of("disturbed.maxPct", "ten")));
   }
}
