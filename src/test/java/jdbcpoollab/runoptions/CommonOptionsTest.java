package jdbcpoollab.runoptions;

import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared options: one set of bounds whichever simulation reads them, and only those it takes. */
class CommonOptionsTest {

   private static Options options(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return new Options(p, Map.of());
   }

   @Test
   void aWindowShorterThanATenthOfASecondIsRefusedByEverySimulationWithTheSameLine() {
      for (Simulations.Entry simulation : List.of(entry("PoolSweep"), entry("RateSweep"), entry("Fidelity"))) {
         OptionException e = assertThrows(OptionException.class,
               () -> simulation.reader().apply(options(Map.of("seconds", "0.05"))), simulation.name());
         assertEquals("bad option -Dseconds=0.05: allowed is a number from 0.1 to 3600", e.getMessage(),
               simulation.name());
         simulation.reader().apply(options(Map.of("seconds", "0.1")));
      }
   }

   @Test
   void theConnectionTimeoutHasOneRangeEverywhere() {
      // Compare and Merge reach no database
      for (Simulations.Entry simulation : Simulations.ALL.stream().filter(e -> !Set.of("Compare", "Merge")
            .contains(e.name())).toList()) {
         OptionException e = assertThrows(OptionException.class,
               () -> simulation.reader().apply(options(Map.of("connectionTimeoutMs", "249"))), simulation.name());
         assertEquals("bad option -DconnectionTimeoutMs=249: allowed is whole numbers from 250 to 3600000",
               e.getMessage(), simulation.name());
      }
   }

   @Test
   void aSimulationReadsOnlyTheSharedOptionsItTakes() {
      Options none = options(Map.of());
      CommonOptions common = CommonOptions.from(none, CommonOptions.Takes.NONE.withUsers(100));
      assertEquals(100, common.users());
      assertEquals(30_000, common.connectionTimeoutMs());
      assertEquals(List.of(), common.sources());
      Set<String> asked = none.asked();
      assertTrue(asked.containsAll(Set.of("users", "connectionTimeoutMs", "db.url", "lab.results")), asked.toString());
      assertFalse(asked.contains("seconds") || asked.contains("source") || asked.contains("pools"), asked.toString());
   }

   /** The acquire timeout, users and pools a simulation declares (the docs' tables hold to them) are those it reads. */
   @Test
   void eachSimulationReadsTheDefaultsItDeclares() {
      int checked = 0;
      for (Simulations.Entry simulation : Simulations.ALL) {
         Object read;
         try {
            read = simulation.reader().apply(options(Map.of()));
         } catch (OptionException e) {
            continue; // Capture, Replay and Merge need an option given
         }
         if (read instanceof SimulationOptions o) {
            Map<String, Object> values = Map.of("connectionTimeoutMs", o.connectionTimeoutMs(), "users", o.users(),
                  "pools", o.pools());
            for (Option<?> declared : simulation.options()) {
               if (values.containsKey(declared.name())) {
                  assertEquals(declared.fallback(), values.get(declared.name()), simulation.name() + " " + declared);
                  checked++;
               }
            }
         }
      }
      assertTrue(checked >= 10, checked + " defaults checked");
   }

   /** What a simulation takes is read and declared from one place: taken again, the last default is both. */
   @Test
   void aSharedOptionIsReadAndDeclaredWithTheDefaultItWasTakenWith() {
      CommonOptions.Takes takes = CommonOptions.Takes.NONE.withUsers(100).withRttMs().withUsers(7);
      CommonOptions common = CommonOptions.from(options(Map.of()), takes);
      assertEquals(List.of(7, 0), List.of(common.users(), common.variants().rttMs()));
      assertEquals(List.of("connectionTimeoutMs=30000", "users=7", "rttMs=0"), CommonOptions.declared(takes).stream()
            .filter(o -> !o.name().startsWith("db.") && !o.name().startsWith("lab."))
            .map(o -> o.name() + "=" + o.shownDefault()).toList());
   }

   @Test
   void rateSweepTakesTheSourcesAsPoolSweepDoes() {
      RateSweepOptions one = RateSweepOptions.from(options(Map.of("source", "vibur")));
      assertEquals(List.of("vibur"), one.sources().stream().map(PoolLibrary::name).toList());
      assertFalse(one.severalSources());
      assertEquals("vibur (poolInitialSize = poolMaxSize = pool)", one.settings().source());
      RateSweepOptions two = RateSweepOptions.from(options(Map.of("source", "hikari,vibur")));
      assertTrue(two.severalSources());
      assertEquals("hikari (minimumIdle = maximumPoolSize = pool); vibur (poolInitialSize = poolMaxSize = pool)",
            two.settings().source());
   }

   /** -Dpool, -Dops, -Drounds, -Drepeat and -DrttMs are read in one place, each with its simulation's values. */
   @Test
   void theOptionsOfSeveralSimulationsKeepEachOnesDefaultAndBounds() {
      Options none = options(Map.of());
      assertEquals(8, OutageOptions.from(none).pool());
      assertEquals(4, LifetimeOptions.from(none).pool());
      assertEquals(20, BurstOptions.from(none).ops());
      CpoolCompareOptions compare = CpoolCompareOptions.from(none);
      assertEquals(List.of(25, 10, 0), List.of(compare.ops(), compare.repeat(), compare.rttMs()));
      PoolSweepOptions sweep = PoolSweepOptions.from(none);
      assertEquals(List.of(1, List.of(0)), List.of(sweep.repeat(), sweep.rttMs()));
      assertEquals(3, FidelityOptions.from(none).rounds());
      assertEquals(1_000, LifetimeOptions.from(options(Map.of("rounds", "1000"))).rounds());
      assertEquals("bad option -Drounds=101: allowed is whole numbers from 1 to 100", assertThrows(
            OptionException.class, () -> FidelityOptions.from(options(Map.of("rounds", "101")))).getMessage());
      assertEquals(1_000, CpoolCompareOptions.from(options(Map.of("repeat", "1000"))).repeat());
      assertEquals("bad option -Drepeat=101: allowed is whole numbers from 1 to 100", assertThrows(
            OptionException.class, () -> PoolSweepOptions.from(options(Map.of("repeat", "101")))).getMessage());
      assertEquals(List.of(0, 3), PoolSweepOptions.from(options(Map.of("rttMs", "0,3"))).rttMs());
      assertThrows(OptionException.class, () -> CpoolCompareOptions.from(options(Map.of("rttMs", "0,3"))));
      Options fresh = options(Map.of());
      CpoolCompareOptions.from(fresh);
      assertTrue(fresh.asked().containsAll(Set.of("ops", "repeat", "rttMs")), fresh.asked().toString());
      assertFalse(fresh.asked().contains("pool") || fresh.asked().contains("rounds"), fresh.asked().toString());
   }

   /** A refused -Dpools names every form the simulation takes: auto too, or, where it is not one, whose it is. */
   @Test
   void aRefusedPoolsNamesAutoWhereItIsTakenAndWhoseItIsElsewhere() {
      for (String bad : List.of("0,abc", "AUTO", "auto,8", "Auto")) {
         assertEquals("bad option -Dpools=" + bad + ": allowed is whole numbers from 1 to 1000, or auto", assertThrows(
               OptionException.class, () -> entry("PoolSweep").reader().apply(options(Map.of("pools", bad))))
               .getMessage());
      }
      assertEquals(List.of(), PoolSweepOptions.from(options(Map.of("pools", "auto", "settle.seconds", "0"))).pools());
      CommonOptions.Takes fixed = CommonOptions.Takes.NONE.withPools("4,8");
      for (String bad : List.of("auto", "AUTO", "1,auto")) {
         assertEquals("bad option -Dpools=" + bad + ": allowed is whole numbers from 1 to 1000 (auto is PoolSweep's)",
               assertThrows(OptionException.class, () -> CommonOptions.from(options(Map.of("pools", bad)), fixed))
                     .getMessage());
      }
      assertEquals("bad option -Dpools=0: allowed is whole numbers from 1 to 1000", assertThrows(OptionException.class,
            () -> CommonOptions.from(options(Map.of("pools", "0")), fixed)).getMessage(), "auto unnamed, not asked");
      for (String simulation : List.of("Fidelity", "RateSweep")) {
         String refused = assertThrows(OptionException.class, () -> entry(simulation).reader()
               .apply(options(Map.of("pools", "auto")))).getMessage();
         assertTrue(refused.endsWith("(auto is PoolSweep's)"), simulation + ": " + refused);
      }
   }

   private static Simulations.Entry entry(String name) {
      return Simulations.ALL.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
   }
}
