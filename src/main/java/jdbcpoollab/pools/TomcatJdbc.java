package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import org.apache.tomcat.jdbc.pool.DataSource;
import org.apache.tomcat.jdbc.pool.PoolProperties;

import java.sql.DriverManager;
import java.util.List;

/**
 * The Tomcat JDBC pool: initialSize = minIdle = maxIdle = maxActive = pool, maxWait the acquire timeout; its own fair
 * queue and no validation.
 */
final class TomcatJdbc implements PoolLibrary {
   /**
    * Validation on borrow, as its documentation's MySQL example does, with {@code isValid} (no validationQuery); its
    * attribute list points to validationInterval for cost, whose 3 s default is kept (30 s is only the example's).
    */
   private static final List<Recommendation<PoolProperties>> RECOMMENDED = List.of(
         new Recommendation<>("testOnBorrow", "true (validationInterval left at its 3 s default)",
               "https://tomcat.apache.org/tomcat-11.0-doc/jdbc-pool.html (testOnBorrow, validationInterval;"
                     + " Plain Ol' Java example)", (pool, dialect) -> pool.setTestOnBorrow(true)));

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
      properties.setMaxWait((int) Math.min(Integer.MAX_VALUE, shape.acquireTimeoutMs()));
      properties.setJmxEnabled(false);
      shape.profile().apply(RECOMMENDED, properties, database.dialect());
      PoolTimes times = shape.times();
      if (times.idleTimeoutMs() > 0) {
         properties.setMinEvictableIdleTimeMillis((int) Math.min(Integer.MAX_VALUE, times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         properties.setMaxAge(times.maxLifetimeMs());
      }
      if (times.keepaliveMs() > 0) {
         properties.setTestWhileIdle(true);
         properties.setValidationInterval(Math.min(properties.getValidationInterval(), times.keepaliveMs()));
      }
      if (times.backgroundEveryMs() > 0) {
         properties.setTimeBetweenEvictionRunsMillis((int) Math.min(Integer.MAX_VALUE, times.backgroundEveryMs()));
      }
      DataSource dataSource = new DataSource(properties);
      return PoolFill.started(new DataSourcePool(dataSource, () -> dataSource.close(true)), dataSource::createPool,
            dataSource::getSize, shape, database);
   }

   @Override
   public List<Recommendation<?>> recommended() {
      return List.copyOf(RECOMMENDED);
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
