package jdbcpoollab.runoptions;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Burst's and Lifetime's options: every source by default, the pool times each maps, bad input refused. */
class BurstLifetimeOptionsTest {

   private static Options options(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return new Options(p, Map.of());
   }

   @Test
   void burstDefaultsToAllSourcesAndMapsItsIdleTimeout() {
      BurstOptions o = BurstOptions.from(options(Map.of("idleTimeoutMs", "15000")));
      assertEquals(PoolLibraries.DEFAULT.names(), o.sources().stream().map(PoolLibrary::name).toList());
      assertEquals(50, o.users());
      assertEquals(15_000, o.times().idleTimeoutMs());
      assertEquals(PoolLibraries.DEFAULT.names().size(), o.settings().sources().size());
   }

   @Test
   void burstGivesC3p0TheHelperThreadsItNames() {
      BurstOptions o = BurstOptions.from(options(Map.of("c3p0HelperThreads", "16", "source", "c3p0,hikari")));
      assertEquals(List.of("c3p0", "hikari"), o.sources().stream().map(PoolLibrary::name).toList());
      assertTrue(o.settings().sources().get(0).contains("numHelperThreads = 16"), o.settings().sources().toString());
      assertFalse(o.settings().sources().get(1).contains("numHelperThreads"), o.settings().sources().toString());
      assertFalse(BurstOptions.from(options(Map.of("source", "c3p0"))).settings().sources().get(0)
            .contains("numHelperThreads"));
      assertThrows(OptionException.class, () -> BurstOptions.from(options(Map.of("c3p0HelperThreads", "-1"))));
   }

   @Test
   void aMaxPoolBelowMinIdleIsRefused() {
      String error = assertThrows(OptionException.class,
            () -> BurstOptions.from(options(Map.of("minIdle", "8", "maxPool", "4")))).getMessage();
      assertTrue(error.startsWith("bad option -DmaxPool=4"), error);
   }

   /** Burst's options are checked against each other once each is read: one out of its own bounds is named first. */
   @Test
   void aValueOutOfItsBoundsIsNamedBeforeAConflictBetweenTwo() {
      assertEquals("bad option -DmaxPool=4: allowed is at least -DminIdle (8)", assertThrows(OptionException.class,
            () -> BurstOptions.from(options(Map.of("minIdle", "8", "maxPool", "4")))).getMessage());
      assertEquals("bad option -Dburst=0: allowed is whole numbers from 1 to 10000", assertThrows(OptionException.class,
            () -> BurstOptions.from(options(Map.of("minIdle", "8", "maxPool", "4", "burst", "0")))).getMessage());
   }

   @Test
   void theAcquireTimeoutIsReadOnceWithEachSimulationsDefault() {
      Options none = options(Map.of());
      assertEquals(30_000, BurstOptions.from(none).connectionTimeoutMs());
      assertEquals(2_000, LifetimeOptions.from(none).connectionTimeoutMs());
      assertEquals(2_000, OutageOptions.from(none).connectionTimeoutMs());
      assertEquals(2_000, LifetimeOptions.from(none).common().connectionTimeoutMs());
      Options given = options(Map.of("connectionTimeoutMs", "750"));
      assertEquals(750, BurstOptions.from(given).connectionTimeoutMs());
      assertEquals(750, LifetimeOptions.from(given).connectionTimeoutMs());
      assertEquals(750, OutageOptions.from(given).connectionTimeoutMs());
   }

   @Test
   void aSampleIntervalOver10MsIsRefused() {
      assertThrows(OptionException.class, () -> BurstOptions.from(options(Map.of("sampleMs", "50"))));
   }

   @Test
   void lifetimePacesItsUsersInRoundsAndMapsLifetimeAndKeepalive() {
      LifetimeOptions o = LifetimeOptions.from(options(Map.of("rounds", "3", "workSeconds", "2", "pauseSeconds",
            "1.5", "maxLifetimeMs", "1000", "keepaliveMs", "500")));
      assertEquals(3 * 2 + 2 * 1.5, o.loadSeconds(), 1e-9);
      assertEquals(3, o.paced().count());
      assertEquals(1_000, o.times().maxLifetimeMs());
      assertEquals(500, o.times().keepaliveMs());
      assertEquals(PoolLibraries.DEFAULT.names().size(), o.sources().size());
   }
}
