package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import org.apache.tomcat.jdbc.pool.DataSource;
import org.apache.tomcat.jdbc.pool.PoolProperties;

import java.sql.DriverManager;

/**
 * The Tomcat JDBC pool: initialSize = minIdle = maxIdle = maxActive = pool, a fair queue, maxWait the acquire
 * timeout, and the validation its documentation recommends: testOnBorrow with {@code isValid} (no validationQuery),
 * at most once per connection every validationInterval (30 s).
 */
final class TomcatJdbc implements PoolLibrary {

   @Override
   public String name() {
      return "tomcat";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      PoolProperties properties = new PoolProperties();
      properties.setName(shape.poolName());
      properties.setUrl(database.url());
      properties.setDriverClassName(DriverManager.getDriver(database.url()).getClass().getName());
      properties.setUsername(database.user());
      properties.setPassword(database.password());
      properties.setInitialSize(shape.min());
      properties.setMinIdle(shape.min());
      properties.setMaxIdle(shape.max());
      properties.setMaxActive(shape.max());
      properties.setFairQueue(true);
      properties.setMaxWait((int) Math.min(Integer.MAX_VALUE, shape.acquireTimeoutMs()));
      properties.setTestOnBorrow(true);
      properties.setValidationInterval(30_000);
      properties.setJmxEnabled(false);
      PoolTimes times = shape.times();
      if (times.idleTimeoutMs() > 0) {
         properties.setMinEvictableIdleTimeMillis((int) Math.min(Integer.MAX_VALUE, times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         properties.setMaxAge(times.maxLifetimeMs());
      }
      if (times.keepaliveMs() > 0) {
         properties.setTestWhileIdle(true);
         properties.setValidationInterval(Math.min(30_000, times.keepaliveMs()));
      }
      if (times.backgroundEveryMs() > 0) {
         properties.setTimeBetweenEvictionRunsMillis((int) Math.min(Integer.MAX_VALUE, times.backgroundEveryMs()));
      }
      DataSource dataSource = new DataSource(properties);
      return PoolFill.started(new DataSourcePool(dataSource, () -> dataSource.close(true)), dataSource::createPool,
            dataSource::getSize, shape, database);
   }

   @Override
   public String describeFixedSize() {
      return "tomcat (initialSize = minIdle = maxIdle = maxActive = pool)";
   }

   @Override
   public String describeTimes() {
      return "tomcat (initialSize = minIdle, maxIdle = maxActive, minEvictableIdleTimeMillis, maxAge; keepalive as"
            + " testWhileIdle, validationInterval at most the keepalive; the cleaner runs every keepalive or half idle"
            + " timeout)";
   }

}
