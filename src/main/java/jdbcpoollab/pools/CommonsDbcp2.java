package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import org.apache.commons.dbcp2.BasicDataSource;

import java.sql.SQLException;
import java.time.Duration;

/**
 * Apache Commons DBCP2's {@code BasicDataSource}: initialSize = minIdle = maxIdle = maxTotal = pool, maxWait the
 * acquire timeout, and its default validation (testOnBorrow with the driver's {@code isValid}, as no validationQuery
 * is set). Its configuration page recommends no values beyond its defaults: both profiles are the same.
 */
final class CommonsDbcp2 implements PoolLibrary {

   @Override
   public String name() {
      return "dbcp2";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      BasicDataSource dataSource = new BasicDataSource();
      dataSource.setUrl(database.url());
      dataSource.setUsername(database.user());
      dataSource.setPassword(database.password());
      dataSource.setInitialSize(shape.min());
      dataSource.setMinIdle(shape.min());
      dataSource.setMaxIdle(shape.max());
      dataSource.setMaxTotal(shape.max());
      dataSource.setMaxWait(Duration.ofMillis(shape.acquireTimeoutMs()));
      PoolTimes times = shape.times();
      if (times.idleTimeoutMs() > 0) {
         dataSource.setMinEvictableIdle(Duration.ofMillis(times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         dataSource.setMaxConn(Duration.ofMillis(times.maxLifetimeMs()));
      }
      if (times.keepaliveMs() > 0) {
         dataSource.setTestWhileIdle(true);
      }
      if (times.backgroundEveryMs() > 0) {
         dataSource.setDurationBetweenEvictionRuns(Duration.ofMillis(times.backgroundEveryMs()));
         dataSource.setNumTestsPerEvictionRun(shape.max());
      }
      return PoolFill.started(new DataSourcePool(dataSource, () -> close(dataSource)), dataSource::start,
            () -> dataSource.getNumIdle() + dataSource.getNumActive(), shape, database);
   }

   @Override
   public String describeFixedSize() {
      return "dbcp2 (initialSize = minIdle = maxIdle = maxTotal = pool)";
   }

   @Override
   public String describeTimes() {
      return "dbcp2 (initialSize = minIdle, maxIdle = maxTotal, minEvictableIdle, maxConnLifetime; keepalive as"
            + " testWhileIdle; the evictor runs every keepalive or half idle timeout over every idle connection)";
   }

   /** Closes the pool and its connections. */
   private static void close(BasicDataSource dataSource) {
      try {
         dataSource.close();
      } catch (SQLException e) {
         // a connection that fails to close is gone anyway
      }
   }
}
