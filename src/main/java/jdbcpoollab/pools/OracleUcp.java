package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import oracle.ucp.jdbc.PoolDataSource;

import java.util.List;

/** Oracle's Universal Connection Pool, on any JDBC driver; as it comes, it validates nothing on borrow. */
final class OracleUcp implements PoolLibrary {
   private static final String GUIDE =
         "https://docs.oracle.com/en/database/oracle/oracle-database/21/jjucp/validating-ucp-connections.html";

   /**
    * Validation on borrow, which Oracle's guide shows with MySQL's driver, with the example's statement there (the
    * guide advises against a statement with Oracle's own driver, which UCP pings instead); it offers
    * secondsToTrustIdleConnection to skip recently used connections but names no value, so its default (0: every
    * borrow) is kept.
    */
   private static final List<Recommendation<PoolDataSource>> RECOMMENDED = List.of(
         new Recommendation<>("validateConnectionOnBorrow", "true (secondsToTrustIdleConnection left at 0)", GUIDE,
               (pool, dialect) -> pool.setValidateConnectionOnBorrow(true)),
         new Recommendation<>("SQLForValidateConnection", "select * from mysql.user (the guide's MySQL example)",
               GUIDE + " (Validating When Borrowing, its MySQL Connector/J example)", Recommendation.MYSQL,
               (pool, dialect) -> pool.setSQLForValidateConnection("select * from mysql.user")));

   @Override
   public String name() {
      return "ucp";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      return UcpSource.open(database, shape,
            dataSource -> shape.profile().apply(RECOMMENDED, dataSource, database.dialect()));
   }

   @Override
   public List<Recommendation<?>> recommended() {
      return List.copyOf(RECOMMENDED);
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
