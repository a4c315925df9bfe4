package jdbcpoollab.pools;

import com.zaxxer.hikari.HikariConfig;
import jdbcpoollab.db.Dialects;
import jdbcpoollab.db.PerProduct;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each library's recommended profile holds to its list, every setting with its source and named in its row of
 * docs/pools.md's sources, its row of where the recommendations come from saying "nothing" exactly when there is none;
 * -Dprofile multiplies.
 */
class ProfilesTest {
   /**
    * What the lab's libraries' own documentation recommends beyond their defaults, as the lab sets it. A library
    * registered later is held to its row of docs/pools.md alone.
    */
   private static final Map<String, List<String>> RECOMMENDED = new LinkedHashMap<>();

   static {
      RECOMMENDED.put("hikari", List.of("tcpKeepAlive", "socketTimeout"));
      RECOMMENDED.put("ucp", List.of("validateConnectionOnBorrow", "SQLForValidateConnection"));
      RECOMMENDED.put("dbcp2", List.of());
      RECOMMENDED.put("agroal", List.of("exceptionSorter", "connectionValidator", "validationTimeout", "reapTimeout"));
      RECOMMENDED.put("vibur", List.of());
      RECOMMENDED.put("c3p0", List.of("testConnectionOnCheckout"));
      RECOMMENDED.put("tomcat", List.of("testOnBorrow"));
      RECOMMENDED.put("none", List.of());
   }

   @Test
   void everyRecommendedSettingIsListedAndNamesItsSource() throws IOException {
      assertEquals(List.copyOf(RECOMMENDED.keySet()), PoolLibraries.DEFAULT.names().stream()
            .filter(RECOMMENDED::containsKey).toList(), "every listed library is registered, in the registry's order");
      Map<String, String> adds = SourcesTableTest.column("what `recommended` adds");
      Map<String, String> sets = SourcesTableTest.column(SourcesTableTest.FAIR, "`recommended` sets");
      for (PoolLibrary library : PoolLibraries.DEFAULT.all()) {
         List<Recommendation<?>> settings = library.recommended();
         List<String> names = settings.stream().map(Recommendation::setting).toList();
         assertEquals(RECOMMENDED.getOrDefault(library.name(), names), names, library.name());
         String row = adds.get(library.name());
         assertEquals(names.isEmpty(), row.startsWith("nothing"), library.name() + " in docs/pools.md: " + row);
         for (String name : names) {
            assertTrue(row.contains("`" + name + "`"), library.name() + " " + name + " in docs/pools.md: " + row);
         }
         if (library.pooled()) {
            String set = sets.getOrDefault(library.name(), "");
            assertEquals(names.isEmpty(), set.startsWith("nothing"), library.name() + " in Fair comparison: " + set);
         }
         for (Recommendation<?> setting : settings) {
            assertTrue(setting.source().matches("(https://\\S+|github\\.com/[\\w.-]+/[\\w.-]+ [\\w./{},*-]+)( .*)?"),
                  library.name() + " " + setting.setting() + ": a page (https://…) or a source file (github.com/owner/"
                        + "repository path), " + setting.source());
         }
      }
      assertThrows(IllegalArgumentException.class, () -> new Recommendation<>("x", "1", " ", (c, d) -> { }),
            "no recommended setting without a source");
   }

   @Test
   void theProfileOptionMultipliesTheLibrariesAndNamesEachProfile() {
      List<PoolLibrary> libraries = List.of(PoolLibraries.DEFAULT.named("agroal"), PoolLibraries.DEFAULT.named("none"));
      assertEquals(libraries, PoolLibraries.profiled(libraries, profiles(null)), "the defaults alone: as they are");
      List<PoolLibrary> both = PoolLibraries.profiled(libraries, profiles("defaults,recommended"));
      assertEquals(List.of("agroal/defaults", "agroal/recommended", "none"), both.stream().map(PoolLibrary::name)
            .toList(), "profiles inner, an unpooled source once");
      assertEquals(List.of("agroal/recommended"), PoolLibraries.profiled(libraries.subList(0, 1),
            profiles("recommended")).stream().map(PoolLibrary::name).toList());
      assertEquals("agroal/defaults: agroal (initialSize = minSize = maxSize = pool); nothing else set",
            both.get(0).describeFixedSize());
      String recommended = both.get(1).describeFixedSize();
      assertTrue(recommended.startsWith("agroal/recommended: agroal (initialSize = minSize = maxSize = pool); "
            + "exceptionSorter = MySQLExceptionSorter"), recommended);
      assertTrue(recommended.contains("[github.com/quarkusio/quarkus "), "each setting with its source " + recommended);
      assertEquals("bad option -Dprofile=tuned: allowed is a comma-separated list of defaults, recommended, each once",
            assertThrows(OptionException.class, () -> profiles("tuned")).getMessage());
   }

   @Test
   @SuppressWarnings("unchecked")
   void aSettingRecommendedForOneProductIsSetOnThatProductAloneAndSaysSo() throws Exception {
      List<Recommendation<HikariConfig>> hikari = PoolLibraries.DEFAULT.named("hikari").recommended().stream()
            .map(r -> (Recommendation<HikariConfig>) r).toList();
      HikariConfig postgres = new HikariConfig();
      Profile.RECOMMENDED.apply(hikari, postgres, Dialects.forUrl("jdbc:postgresql://127.0.0.1/demo"));
      assertEquals("true", postgres.getDataSourceProperties().getProperty("tcpKeepAlive"));
      assertEquals("30", postgres.getDataSourceProperties().getProperty("socketTimeout"));
      HikariConfig mysql = new HikariConfig();
      Profile.RECOMMENDED.apply(hikari, mysql, Dialects.forUrl("jdbc:mysql://127.0.0.1/demo"));
      assertTrue(mysql.getDataSourceProperties().isEmpty(), "nothing on MySQL: " + mysql.getDataSourceProperties());
      HikariConfig defaults = new HikariConfig();
      Profile.DEFAULTS.apply(hikari, defaults, Dialects.forUrl("jdbc:postgresql://127.0.0.1/demo"));
      assertTrue(defaults.getDataSourceProperties().isEmpty(), "nothing as it comes");
      String recorded = PoolLibraries.profiled(List.of(PoolLibraries.DEFAULT.named("hikari")),
            profiles("recommended")).get(0).describeFixedSize();
      assertTrue(recorded.contains("tcpKeepAlive = true (a data source property, PostgreSQL's driver's) (on PostgreSQL"
            + " only) [github.com/brettwooldridge/HikariCP README.md"), "the settings record says where: " + recorded);
      String ucp = PoolLibraries.DEFAULT.named("ucp").recommended().get(1).describe();
      assertTrue(ucp.contains("(on MySQL/MariaDB only)"), ucp);
      assertThrows(IllegalArgumentException.class, () -> new Recommendation<>("x", "1", "https://example.org",
            new PerProduct<>(false, false, false), (c, d) -> { }), "recommended for some product");
   }

   static List<Profile> profiles(String value) {
      Properties p = new Properties();
      if (value != null) {
         p.setProperty("profile", value);
      }
      return Profile.from(new Options(p, Map.of()));
   }
}
