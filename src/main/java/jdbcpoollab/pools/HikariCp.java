package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

/**
 * HikariCP, with the lab's configuration ({@link HikariSource#config}). Its defaults are what its documentation
 * recommends (its wiki's MySQL settings are the driver's, the lab's {@code -Ddriver.props=hikari-mysql}): both profiles
 * are the same.
 */
final class HikariCp implements PoolLibrary {

   @Override
   public String name() {
      return "hikari";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      return HikariSource.open(database, HikariSource.config(database, shape));
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
