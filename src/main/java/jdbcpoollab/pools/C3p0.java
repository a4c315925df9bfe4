package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import jdbcpoollab.db.Database;

import java.util.List;

/**
 * c3p0's {@code ComboPooledDataSource}: initialPoolSize = minPoolSize = maxPoolSize = pool, checkoutTimeout the
 * acquire timeout; its own acquireIncrement (3), acquireRetryAttempts (30, a second apart) and numHelperThreads (3),
 * unless a run names its helper threads.
 */
final class C3p0 implements PoolLibrary {
   /** Its documentation's first advice on testing: on checkout, with the driver's {@code isValid} (JDBC 4). */
   private static final List<Recommendation<ComboPooledDataSource>> RECOMMENDED = List.of(
         new Recommendation<>("testConnectionOnCheckout", "true",
               "https://www.mchange.com/projects/c3p0/#simple_advice_on_connection_testing",
               (pool, dialect) -> pool.setTestConnectionOnCheckout(true)));

   /** numHelperThreads, the threads that open, test and close its connections; 0 keeps its own (3). */
   private final int helperThreads;

   C3p0() {
      this(0);
   }

   C3p0(int helperThreads) {
      if (helperThreads < 0) {
         throw new IllegalArgumentException("c3p0's helper threads must be 0 (its own) or more");
      }
      this.helperThreads = helperThreads;
   }

   @Override
   public String name() {
      return "c3p0";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      ComboPooledDataSource dataSource = new ComboPooledDataSource();
      dataSource.setDataSourceName(shape.poolName());
      dataSource.setJdbcUrl(database.url());
      dataSource.setUser(database.user());
      dataSource.setPassword(database.password());
      dataSource.setInitialPoolSize(shape.min());
      dataSource.setMinPoolSize(shape.min());
      dataSource.setMaxPoolSize(shape.max());
      dataSource.setCheckoutTimeout((int) Math.min(Integer.MAX_VALUE, shape.acquireTimeoutMs()));
      if (helperThreads > 0) {
         dataSource.setNumHelperThreads(helperThreads);
      }
      shape.profile().apply(RECOMMENDED, dataSource, database.dialect());
      PoolTimes times = shape.times();
      if (times.keepaliveMs() > 0) {
         dataSource.setIdleConnectionTestPeriod(PoolTimes.seconds(times.keepaliveMs()));
      }
      if (times.idleTimeoutMs() > 0) {
         dataSource.setMaxIdleTimeExcessConnections(PoolTimes.seconds(times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         dataSource.setMaxConnectionAge(PoolTimes.seconds(times.maxLifetimeMs()));
      }
      return PoolFill.started(new DataSourcePool(dataSource, dataSource::close), () -> { },
            dataSource::getNumConnectionsDefaultUser, shape, database);
   }

   @Override
   public List<Recommendation<?>> recommended() {
      return List.copyOf(RECOMMENDED);
   }

   @Override
   public String describeFixedSize() {
      return "c3p0 (initialPoolSize = minPoolSize = maxPoolSize = pool" + helpers() + ")";
   }

   @Override
   public String describeTimes() {
      return "c3p0 (initialPoolSize = minPoolSize, maxPoolSize, maxIdleTimeExcessConnections, maxConnectionAge,"
            + " keepalive as idleConnectionTestPeriod; all in whole seconds, rounded up" + helpers() + ")";
   }

   /** The helper threads a run named: the lab's setting, neither c3p0's default nor its recommendation. */
   private String helpers() {
      return helperThreads == 0 ? "" : "; numHelperThreads = " + helperThreads + " (-Dc3p0HelperThreads)";
   }

}
