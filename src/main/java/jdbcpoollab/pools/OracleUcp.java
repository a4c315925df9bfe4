package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

/** Oracle's Universal Connection Pool, on any JDBC driver. */
final class OracleUcp implements PoolLibrary {

   @Override
   public String name() {
      return "ucp";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      return UcpSource.open(database, shape);
   }

   @Override
   public String describeFixedSize() {
      return "ucp (minPoolSize = maxPoolSize = pool)";
   }

   @Override
   public String describeTimes() {
      return "ucp (initialPoolSize = minPoolSize, maxPoolSize, inactiveConnectionTimeout, maxConnectionReuseTime,"
            + " in whole seconds rounded up, checked every second; UCP has no keepalive)";
   }
}
