package jdbcpoollab.runoptions;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.SourceOption;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpoolCompareOptionsTest {

   private static CpoolCompareOptions compare(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return CpoolCompareOptions.from(new Options(p, Map.of()));
   }

   private static PoolLibrary library(String name) {
      return PoolLibraries.DEFAULT.named(name);
   }

   private static String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> compare(props)).getMessage();
   }

   @Test
   void defaultsAreTheReferenceExperiment() {
      CpoolCompareOptions o = compare(Map.of());
      assertEquals(List.of(new SourceOption("hikari:32:70:3", library("hikari"), 32, 70, 3),
            new SourceOption("hikari:35:76:3", library("hikari"), 35, 76, 3),
            new SourceOption("none", library("none"), 0, 0, 0)), o.options());
      assertEquals("none", o.baseline().text());
      assertEquals(100, o.users());
      assertEquals(25, o.ops());
      assertEquals(10, o.repeat());
      assertEquals("mixed", o.workload());
      assertEquals(100, o.peakConnections());
   }

   @Test
   void optionsAreParsedInTheOrderGivenAndCincrMayBeLeftOut() {
      CpoolCompareOptions o = compare(Map.of("options", "none, ucp:0:8, hikari:4:200:5", "workload", "insert"));
      assertEquals(List.of("none", "ucp:0:8", "hikari:4:200:5"), o.options().stream().map(SourceOption::text).toList());
      assertEquals(new SourceOption("ucp:0:8", library("ucp"), 0, 8, 1), o.options().get(1));
      assertEquals("none", o.baseline().text());
      assertEquals(200, o.peakConnections());
      assertEquals("hikari:2:4", compare(Map.of("options", "hikari:2:4,ucp:2:4")).baseline().text(),
            "without an unpooled option the first is the baseline");
   }

   @Test
   void badValuesNameTheOptionTheValueAndWhatIsAllowed() {
      // every registered library, in the registry's order: the wording is held to a literal in PoolLibrariesTest, the
      // registry's names to docs/pools.md in SourcesTableTest
      String allowed = "allowed is " + SourceOption.allowed(PoolLibraries.DEFAULT);
      for (String bad : List.of("hikari:8:4:1", "hikari:1", "bonecp:1:2:3", "none:1:2", "ucp:0:0", "hikari:1:2:0",
            "none,none", "hikari:x:4", ",")) {
         assertEquals("bad option -Doptions=" + bad + ": " + allowed, error(Map.of("options", bad)), bad);
      }
      assertEquals("bad option -Dworkload=mixed,select: allowed is one of mixed, select, insert, update",
            error(Map.of("workload", "mixed,select")));
      assertEquals("bad option -Drepeat=0: allowed is whole numbers from 1 to 1000", error(Map.of("repeat", "0")));
      assertEquals("bad option -Dops=200000: allowed is at most 10000000 operations per run (users x ops) in all",
            error(Map.of("ops", "200000")));
      assertTrue(error(Map.of("assert.p99AcquireMs", "50")).startsWith("bad option -Dassert.* or -Dbaseline: "));
   }
}
