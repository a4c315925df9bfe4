package jdbcpoollab.runoptions;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import jdbcpoollab.engines.SweepPlace;
import jdbcpoollab.engines.SweepSlots;

/** PoolSweep's -Dpools=auto and -Dsettle.seconds: what they plan, their bounds, and the slots they give the run. */
class PoolSweepOptionsSettleTest {

   private static PoolSweepOptions sweep(Map<String, String> props) {
      return PoolSweepOptionsSourcesTest.sweep(props);
   }

   private static SweepSlots slots(PoolSweepOptions o) {
      return new SweepSlots(o, null, SweepPlace.series(o), SweepPlace.plan(o).size(), place -> null);
   }

   @Test
   void settlingTakesAShareOfThePlannedStepsTimeUnlessGivenAndZeroTurnsItOff() {
      PoolSweepOptions o = sweep(Map.of("workloads", "wait,cpu"));
      assertFalse(o.autoPools());
      assertEquals(14, SweepPlace.plan(o).size());
      // 14 steps of 2 s warm-up and 5 s window: 30% is 29.4 s, four steps of 7 s
      assertEquals(29.4, slots(o).settleSeconds(), 1e-9);
      assertEquals(4, slots(o).count());
      assertEquals(2, slots(sweep(Map.of("workloads", "wait,cpu", "settle.seconds", "14"))).count());
      assertEquals(0, slots(sweep(Map.of("workloads", "wait,cpu", "settle.seconds", "0"))).count());
      assertEquals(14.0, sweep(Map.of("settle.seconds", "14")).settleSeconds());
      assertTrue(PoolSweepOptionsSourcesTest.error(Map.of("settle.seconds", "-1")).contains("-Dsettle.seconds=-1"));
   }

   @Test
   void autoPlansNoStepAndLeavesASearchOfSlotsPerWorkload() {
      PoolSweepOptions o = sweep(Map.of("workloads", "wait,cpu", "pools", "auto", "settle.seconds", "0"));
      assertTrue(o.autoPools());
      assertEquals(List.of(), SweepPlace.plan(o));
      assertEquals(2, SweepPlace.series(o).size(), "one search per workload");
      assertEquals(64, o.largestPool(), "no search goes past the users");
      assertEquals(2 * 14, slots(o).count(), "each search at most 7 doublings (1 to 64) and as many bisections");
      // the default settling time is 30% of the fewest steps a search takes (1, 2, and 4 or the users): one step
      SweepSlots auto = slots(sweep(Map.of("workloads", "wait,cpu", "pools", "auto")));
      assertEquals(0.3 * 2 * 3 * 7, auto.settleSeconds(), 1e-9);
      assertEquals(2 * 14 + 1, auto.count());
      String refused = PoolSweepOptionsSourcesTest.error(Map.of("pools", "auto", "repeat", "3"));
      assertTrue(refused.contains("1 with -Dpools=auto"), refused);
      assertTrue(PoolSweepOptionsSourcesTest.error(Map.of("pools", "1,auto")).contains("-Dpools=1,auto"));
   }
}
