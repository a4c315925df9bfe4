package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import jdbcpoollab.db.Database;

/**
 * c3p0's {@code ComboPooledDataSource}: initialPoolSize = minPoolSize = maxPoolSize = pool, checkoutTimeout the
 * acquire timeout, and the validation its documentation recommends for speed: connections tested asynchronously as
 * they are checked in and every 30 s while idle ({@code isValid}, as no preferredTestQuery is set), never on checkout.
 */
final class C3p0 implements PoolLibrary {

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
      dataSource.setAcquireIncrement(1);
      dataSource.setCheckoutTimeout((int) Math.min(Integer.MAX_VALUE, shape.acquireTimeoutMs()));
      dataSource.setTestConnectionOnCheckin(true);
      dataSource.setTestConnectionOnCheckout(false);
      PoolTimes times = shape.times();
      dataSource.setIdleConnectionTestPeriod(times.keepaliveMs() > 0 ? PoolTimes.seconds(times.keepaliveMs()) : 30);
      if (times.idleTimeoutMs() > 0) {
         dataSource.setMaxIdleTimeExcessConnections(PoolTimes.seconds(times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         dataSource.setMaxConnectionAge(PoolTimes.seconds(times.maxLifetimeMs()));
      }
      // a server that refuses connections fails the fill, instead of being retried 30 times a second apart
      dataSource.setAcquireRetryAttempts(1);
      return PoolFill.started(new DataSourcePool(dataSource, dataSource::close), () -> { },
            dataSource::getNumConnectionsDefaultUser, shape, database);
   }

   @Override
   public String describeFixedSize() {
      return "c3p0 (initialPoolSize = minPoolSize = maxPoolSize = pool)";
   }

   @Override
   public String describeTimes() {
      return "c3p0 (initialPoolSize = minPoolSize, maxPoolSize, maxIdleTimeExcessConnections, maxConnectionAge,"
            + " keepalive as idleConnectionTestPeriod; all in whole seconds, rounded up)";
   }

}
