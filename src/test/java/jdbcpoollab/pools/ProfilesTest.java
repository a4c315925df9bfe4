package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.exceptionsorter.MySQLExceptionSorter;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each library's recommended profile holds to its list, every setting with its source, and opens on a real server. */
class ProfilesTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   /** What each library's own documentation recommends beyond its defaults, as the lab sets it. */
   private static final Map<String, List<String>> RECOMMENDED = new LinkedHashMap<>();

   static {
      RECOMMENDED.put("hikari", List.of());
      RECOMMENDED.put("ucp", List.of("validateConnectionOnBorrow"));
      RECOMMENDED.put("dbcp2", List.of());
      RECOMMENDED.put("agroal", List.of("exceptionSorter", "connectionValidator", "validationTimeout"));
      RECOMMENDED.put("vibur", List.of());
      RECOMMENDED.put("c3p0", List.of("testConnectionOnCheckout"));
      RECOMMENDED.put("tomcat", List.of("testOnBorrow"));
      RECOMMENDED.put("none", List.of());
   }

   @BeforeAll
   static void start() {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @Test
   void everyRecommendedSettingIsListedAndNamesItsSource() {
      assertEquals(List.copyOf(RECOMMENDED.keySet()), PoolLibraries.DEFAULT.names(), "every library has its list");
      for (PoolLibrary library : PoolLibraries.DEFAULT.all()) {
         List<Recommendation<?>> settings = library.recommended();
         assertEquals(RECOMMENDED.get(library.name()), settings.stream().map(Recommendation::setting).toList(),
               library.name());
         for (Recommendation<?> setting : settings) {
            assertTrue(setting.source().matches("(https://|github\\.com/|quarkus\\.io/)\\S+.*"),
                  library.name() + " " + setting.setting() + ": a page or a source file, " + setting.source());
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

   /** Every library opens in both profiles, and what a profile set is read back from the library's own pool. */
   @Test
   void everyLibraryOpensInBothProfiles() throws Exception {
      List<PoolLibrary> pooled = PoolLibraries.DEFAULT.all().stream().filter(PoolLibrary::pooled).toList();
      for (PoolLibrary library : PoolLibraries.profiled(pooled, profiles("defaults,recommended"))) {
         String name = library.name();
         PoolShape shape = new PoolShape("lab-profile-" + name.replace('/', '-'), 2, 2, 5_000);
         try (ConnectionSource source = library.open(database, shape);
              Connection c = source.getConnection();
              Statement st = c.createStatement();
              ResultSet rows = st.executeQuery("SELECT 1")) {
            assertTrue(rows.next(), name);
            assertEquals(1, rows.getInt(1), name);
            boolean recommended = name.endsWith("/recommended");
            if (name.startsWith("agroal/")) {
               Object sorter = ((DataSourcePool) source).dataSource().unwrap(AgroalDataSource.class).getConfiguration()
                     .connectionPoolConfiguration().exceptionSorter();
               assertEquals(recommended, sorter instanceof MySQLExceptionSorter, name + ": " + sorter);
            }
            if (name.startsWith("c3p0/")) {
               ComboPooledDataSource c3p0 = assertInstanceOf(ComboPooledDataSource.class,
                     ((DataSourcePool) source).dataSource());
               assertEquals(recommended, c3p0.isTestConnectionOnCheckout(), name);
               assertEquals(30, c3p0.getAcquireRetryAttempts(), name + ": its own retries, not the lab's");
               assertFalse(c3p0.isTestConnectionOnCheckin(), name);
            }
            if (name.startsWith("tomcat/")) {
               org.apache.tomcat.jdbc.pool.DataSource tomcat = assertInstanceOf(
                     org.apache.tomcat.jdbc.pool.DataSource.class, ((DataSourcePool) source).dataSource());
               assertEquals(recommended, tomcat.getPoolProperties().isTestOnBorrow(), name);
               assertEquals(3_000, tomcat.getPoolProperties().getValidationInterval(), name + ": its own interval");
            }
         }
      }
   }

   private static List<Profile> profiles(String value) {
      Properties p = new Properties();
      if (value != null) {
         p.setProperty("profile", value);
      }
      return Profile.from(new Options(p, Map.of()));
   }
}
