package jdbcpoollab.pools;

import com.zaxxer.hikari.HikariConfig;
import jdbcpoollab.db.Database;

import java.util.List;

/**
 * HikariCP, with the lab's configuration ({@link HikariSource#config}). On MySQL and MariaDB its defaults are what its
 * documentation recommends (its wiki's MySQL settings are the driver's, the lab's {@code -Ddriver.props=hikari-mysql}):
 * both profiles are the same there. On PostgreSQL its README asks for TCP keepalive and its "Rapid Recovery" page for
 * a driver socket timeout, both driver properties, set through its data source properties.
 */
final class HikariCp implements PoolLibrary {
   private static final List<Recommendation<HikariConfig>> RECOMMENDED = List.of(
         new Recommendation<>("tcpKeepAlive", "true (a data source property, PostgreSQL's driver's)",
               "github.com/brettwooldridge/HikariCP README.md (its note on TCP keepalive)",
               Recommendation.POSTGRESQL, (config, dialect) -> config.addDataSourceProperty("tcpKeepAlive", "true")),
         new Recommendation<>("socketTimeout", "30 (seconds, the PostgreSQL driver's unit; one in the URL wins)",
               "https://github.com/brettwooldridge/HikariCP/wiki/Rapid-Recovery (at least 30 s; PostgreSQL section)",
               Recommendation.POSTGRESQL, (config, dialect) -> config.addDataSourceProperty("socketTimeout", "30")));

   @Override
   public String name() {
      return "hikari";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      HikariConfig config = HikariSource.config(database, shape);
      shape.profile().apply(RECOMMENDED, config, database.dialect());
      return HikariSource.open(database, config);
   }

   @Override
   public List<Recommendation<?>> recommended() {
      return List.copyOf(RECOMMENDED);
   }

   @Override
   public String describeFixedSize() {
      return "hikari (minimumIdle = maximumPoolSize = pool)";
   }

   @Override
   public String describeTimes() {
      return "hikari (minimumIdle, maximumPoolSize, idleTimeout, maxLifetime, keepaliveTime; HikariCP itself raises"
            + " an idleTimeout under 10 s and a maxLifetime under 30 s to its defaults, and turns a keepaliveTime under"
            + " 30 s off)";
   }
}
