package jdbcpoollab.runoptions;

import jdbcpoollab.db.Drivers;
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
import jdbcpoollab.engines.SweepPlace;

/** PoolSweep's -Dsource and -Ddriver: names from the registries, each once, a driver only for a server it fits. */
class PoolSweepOptionsSourcesTest {

   static PoolSweepOptions sweep(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return PoolSweepOptions.from(new Options(p, Map.of()));
   }

   static String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> sweep(props)).getMessage();
   }

   @Test
   void theDefaultIsHikariThroughTheUrlsOwnDriver() {
      PoolSweepOptions o = sweep(Map.of());
      assertEquals(List.of("hikari"), o.sources().stream().map(PoolLibrary::name).toList());
      assertEquals(List.of(), o.drivers());
      assertFalse(o.severalSources());
      assertEquals("hikari (minimumIdle = maximumPoolSize = pool)", o.settings().source());
      assertEquals(List.of(), o.settings().drivers());
   }

   @Test
   void sourcesAndDriversAreTakenInTheOrderGiven() {
      PoolSweepOptions o = sweep(Map.of("source", "none, c3p0,hikari", "driver", "mariadb,mysql"));
      assertEquals(List.of("none", "c3p0", "hikari"), o.sources().stream().map(PoolLibrary::name).toList());
      assertEquals(List.of(Drivers.DEFAULT.find("mariadb").orElseThrow(), Drivers.DEFAULT.find("mysql").orElseThrow()),
            o.drivers());
      assertTrue(o.severalSources());
      assertTrue(sweep(Map.of("driver", "mysql,mariadb")).severalSources(), "one source through two drivers");
      assertFalse(sweep(Map.of("source", "vibur", "driver", "mariadb")).severalSources());
      assertEquals(List.of("mariadb (MariaDB Connector/J)", "mysql (MySQL Connector/J)"), o.settings().drivers());
      assertTrue(sweep(Map.of("driver", "mariadb", "db.url", "jdbc:mariadb://127.0.0.1:3306/lab")).drivers()
            .size() == 1, "a MariaDB URL takes either driver");
   }

   /** -Dprofile multiplies -Dsource the way -Ddriver does: each step, label and setting names its profile. */
   @Test
   void eachSourceIsMeasuredInEveryProfileAndNamedWithIt() {
      PoolSweepOptions o = sweep(Map.of("source", "c3p0,none", "profile", "defaults,recommended"));
      assertEquals(List.of("c3p0/defaults", "c3p0/recommended", "none"),
            o.sources().stream().map(PoolLibrary::name).toList());
      assertTrue(o.severalSources());
      assertEquals("c3p0/recommended", o.sourceLabel(o.sources().get(1), null, null));
      assertEquals("c3p0/defaults: c3p0 (initialPoolSize = minPoolSize = maxPoolSize = pool); nothing else set;"
            + " c3p0/recommended: c3p0 (initialPoolSize = minPoolSize = maxPoolSize = pool); testConnectionOnCheckout"
            + " = true [https://www.mchange.com/projects/c3p0/#simple_advice_on_connection_testing]; none (a new"
            + " connection per operation, at most pool at once)", o.settings().source());
      PoolSweepOptions recommended = sweep(Map.of("source", "dbcp2", "profile", "recommended"));
      assertEquals(List.of("dbcp2/recommended"), recommended.sources().stream().map(PoolLibrary::name).toList());
      assertFalse(recommended.severalSources(), "one source, named in the settings only");
      assertEquals("dbcp2/recommended: dbcp2 (initialSize = minIdle = maxIdle = maxTotal = pool); its documentation"
            + " recommends nothing beyond its defaults", recommended.settings().source());
   }

   @Test
   void anUnknownSourceOrDriverIsRefusedWithTheKnownNames() {
      assertEquals("bad option -Dsource=hikari,bonecp: allowed is a comma-separated list of "
            + String.join(", ", PoolLibraries.DEFAULT.names()) + ", each once", error(Map.of("source", "hikari,bonecp")));
      assertEquals("bad option -Dsource=none,none: allowed is a comma-separated list of "
            + String.join(", ", PoolLibraries.DEFAULT.names()) + ", each once", error(Map.of("source", "none,none")));
      assertEquals("bad option -Ddriver=jtds: allowed is a comma-separated list of mysql, mariadb, each once",
            error(Map.of("driver", "jtds")));
   }

   @Test
   void aDriverThatDoesNotFitTheServerIsRefused() {
      assertEquals("bad option -Ddriver=mariadb: mariadb (MariaDB Connector/J) speaks to mysql servers, and "
                  + "jdbc:postgresql://127.0.0.1:5432/lab is postgresql",
            error(Map.of("driver", "mariadb", "db.url", "jdbc:postgresql://127.0.0.1:5432/lab")));
   }

   @Test
   void driverPropertiesAreADimensionNamedInTheStepsAndTheSettings() {
      PoolSweepOptions o = sweep(Map.of("driver", "mysql,mariadb", "driver.props", "default;hikari-mysql"));
      assertEquals(List.of("default", "hikari-mysql"), o.driverProps().stream().map(p -> p.label()).toList());
      PoolLibrary hikari = o.sources().get(0);
      assertEquals("hikari/mariadb/hikari-mysql", o.sourceLabel(hikari, o.drivers().get(1), o.driverProps().get(1)));
      assertEquals(2 * 2 * 2 * o.pools().size(), SweepPlace.plan(o).size(), "2 drivers x 2 sets x 2 workloads");
      assertEquals("hikari-mysql", SweepPlace.plan(o).get(1).props().label(), "the sets interleaved");
      Map<String, Object> settings = o.settings().workloadOptions();
      assertEquals(Map.of("default", "the driver's defaults", "hikari-mysql", o.driverProps().get(1).describe()),
            settings.get("driverProps"));
      assertEquals(Map.of("hikari-mysql with MariaDB Connector/J", List.of("prepStmtCacheSqlLimit",
            "cacheResultSetMetadata", "cacheServerConfiguration", "elideSetAutoCommits", "maintainTimeStats")),
            settings.get("driverPropsIgnored"));
      PoolSweepOptions one = sweep(Map.of("driver.props", "useServerPrepStmts=true"));
      assertEquals("useServerPrepStmts=true", one.sourceLabel(hikari, null, one.driverProps().get(0)),
            "named even as the sweep's one set");
      assertEquals("", sweep(Map.of()).sourceLabel(hikari, null, null));
      assertFalse(sweep(Map.of()).settings().workloadOptions().containsKey("driverProps"));
      assertEquals("bad option -Ddriver.props: a property is name=value, the name a letter then letters, digits, "
            + ". _ or -, the value without spaces or any of & ? # ; , =", error(Map.of("driver.props", "a b=c")));
   }
}
