package jdbcpoollab.runoptions;

import jdbcpoollab.engines.SweepPlace;
import jdbcpoollab.engines.SweepSlots;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Dquick=true: a quick look's choices, each given option winning over it, and what it says it skipped. */
class PoolSweepOptionsQuickTest {

   private static PoolSweepOptions sweep(Map<String, String> props) {
      return PoolSweepOptionsSourcesTest.sweep(props);
   }

   private static SweepSlots slots(PoolSweepOptions o) {
      return new SweepSlots(o, null, SweepPlace.series(o), SweepPlace.plan(o).size(), place -> null);
   }

   @Test
   void aQuickLookSkipsTheJvmWarmupAndSettlingAndMeasuresFewerShorterSteps() {
      PoolSweepOptions o = sweep(Map.of("quick", "true"));
      assertTrue(o.quick().on());
      assertEquals(List.of(1, 4, 16, 64), o.pools());
      assertEquals(0.0, o.jvmWarmup());
      assertEquals(0.0, o.settleSeconds());
      assertEquals(0, slots(o).count(), "no settling step");
      assertEquals(2.0, o.seconds());
      assertEquals(0.5, o.warmup());
      assertEquals(8, SweepPlace.plan(o).size(), "wait and cpu at four pools");
      assertEquals("a quick look (-Dquick=true): no JVM warm-up, no settling, pools 1, 4, 16, 64 only (not 2, 8, 32),"
            + " 0.5 s warm-up and 2 s window per step; its answer is provisional: run without -Dquick for a settled one",
            o.quick().provisional());
      assertEquals(List.of("no JVM warm-up", "no settling", "pools 1, 4, 16, 64 only (not 2, 8, 32)",
            "0.5 s warm-up and 2 s window per step"), o.settings().workloadOptions().get("quick"));
   }

   @Test
   void anOptionGivenWinsOverTheQuickLooksChoiceAndIsNotSaidSkipped() {
      PoolSweepOptions o = sweep(Map.of("quick", "true", "pools", "2,8", "jvmWarmup", "5", "settle.seconds", "10",
            "seconds", "3"));
      assertEquals(List.of(2, 8), o.pools());
      assertEquals(5.0, o.jvmWarmup());
      assertEquals(10.0, o.settleSeconds());
      assertEquals(3.0, o.seconds());
      assertEquals(0.5, o.warmup(), "the warm-up not given stays the quick look's");
      assertEquals(List.of("0.5 s warm-up per step"), o.quick().skipped());
      assertTrue(o.quick().provisional().startsWith("a quick look (-Dquick=true): 0.5 s warm-up per step; its answer is"
            + " provisional"), o.quick().provisional());
      PoolSweepOptions auto = sweep(Map.of("quick", "true", "pools", "auto", "warmup", "0"));
      assertTrue(auto.autoPools(), "a quick search for the knee");
      assertEquals(List.of("no JVM warm-up", "no settling", "2 s window per step"), auto.quick().skipped());
   }

   @Test
   void withoutItEveryOptionKeepsItsDefaultAndNoAnswerIsProvisional() {
      for (PoolSweepOptions o : List.of(sweep(Map.of()), sweep(Map.of("quick", "false")))) {
         assertFalse(o.quick().on());
         assertNull(o.quick().provisional());
         assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), o.pools());
         assertEquals(15.0, o.jvmWarmup());
         assertTrue(Double.isNaN(o.settleSeconds()), "settling's default share");
         assertEquals(List.of(5.0, 2.0), List.of(o.seconds(), o.warmup()));
         assertFalse(o.settings().workloadOptions().containsKey("quick"));
      }
      assertTrue(PoolSweepOptionsSourcesTest.error(Map.of("quick", "yes"))
            .startsWith("bad option -Dquick=yes: allowed is one of false, true"));
   }

   @Test
   void anotherSimulationRefusesItAsPoolSweeps() {
      Properties p = new Properties();
      p.put("quick", "true");
      Options o = new Options(p, Map.of());
      CpoolCompareOptions.from(o);
      assertEquals("option -Dquick=true is PoolSweep's; CpoolCompare does not read it: leave it out or run"
            + " -Dsim=PoolSweep", assertThrows(OptionException.class, () -> ForeignOptions.rejectAllBut("CpoolCompare",
            o)).getMessage());
   }
}
