package jdbcpoollab.runoptions;

import jdbcpoollab.load.ThreadKinds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import jdbcpoollab.engines.SweepPlace;

/** PoolSweep's -Dthreads and -Dinstances: their bounds, and how steps and settings name them. */
class PoolSweepOptionsShapesTest {

   private static PoolSweepOptions sweep(Map<String, String> props) {
      return PoolSweepOptionsSourcesTest.sweep(props);
   }

   private static String error(Map<String, String> props) {
      return PoolSweepOptionsSourcesTest.error(props);
   }

   @Test
   void theDefaultsLeaveNamesAndSettingsAsTheyWere() {
      PoolSweepOptions o = sweep(Map.of("workloads", "wait"));
      assertSame(ThreadKinds.platform(), o.threads());
      assertEquals(List.of(1), o.instances());
      assertFalse(o.shaped());
      assertEquals(List.of("wait"), o.settings().workloads());
      assertFalse(o.settings().workloadOptions().containsKey("threads"));
      assertFalse(o.settings().workloadOptions().containsKey("instances"));
   }

   @Test
   void instancesAreADimensionNamedInTheStepsWhenTheSweepHasMoreThanOne() {
      PoolSweepOptions o = sweep(Map.of("workloads", "wait", "instances", "1,2,4", "pools", "8"));
      assertTrue(o.shaped());
      assertEquals(4, o.mostInstances());
      assertEquals(List.of("wait instances=1", "wait instances=2", "wait instances=4"), o.settings().workloads());
      assertEquals(List.of(1, 2, 4), o.settings().workloadOptions().get("instances"));
      assertEquals(List.of(1, 2, 4), SweepPlace.plan(o).stream().map(SweepPlace::instances).toList());
      assertEquals("wait instances=4", sweep(Map.of("workloads", "wait", "instances", "4")).settings().workloads()
            .get(0));
   }

   @Test
   void badShapesAreOneLineEach() {
      assertEquals("bad option -Dthreads=green: allowed is one of platform, virtual",
            error(Map.of("threads", "green")));
      assertEquals("bad option -Dinstances=0: allowed is whole numbers from 1 to 100", error(Map.of("instances", "0")));
      assertEquals("bad option -Dinstances=8: allowed is at most -Dusers=4 (each instance needs a user)",
            error(Map.of("instances", "8", "users", "4")));
      assertEquals("bad option -Dinstances=2: allowed is 1 with -DsplitPools (a pool per kind)",
            error(Map.of("instances", "2", "workloads", "mix", "mix", "wait:1,cpu:1", "splitPools", "true")));
   }
}
