package jdbcpoollab.pools;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ConnectionValidator;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ExceptionSorter;
import io.agroal.api.configuration.supplier.AgroalConnectionPoolConfigurationSupplier;
import oracle.ucp.jdbc.PoolDataSource;
import oracle.ucp.jdbc.PoolDataSourceFactory;
import org.apache.commons.dbcp2.BasicDataSource;
import org.apache.tomcat.jdbc.pool.PoolProperties;
import org.junit.jupiter.api.Test;
import org.vibur.dbcp.ViburDBCPDataSource;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The "as it comes" column of docs/pools.md's sources holds each library's defaults as {@code `setting = value`}; each
 * is held to the value the library itself reports, read from its own configuration object made with no settings (its
 * getters), not to a copy kept here. A setting named in the row and not read here fails, and so does one read here and
 * not named in the row. Durations are in milliseconds, a setting with no value is {@code none}.
 */
class DefaultsTableTest {
   static final String COLUMN = "as it comes (`defaults`)";
   private static final Pattern SETTING = Pattern.compile("`([A-Za-z][\\w.]*) = ([^`]+)`");

   @Test
   void everyLibrarysDefaultsRowHoldsTheValuesTheLibraryReports() throws Exception {
      Map<String, String> cells = SourcesTableTest.column(COLUMN);
      Map<String, Map<String, Object>> read = new LinkedHashMap<>();
      read.put("hikari", hikari());
      read.put("ucp", ucp());
      read.put("dbcp2", dbcp2());
      read.put("agroal", agroal());
      read.put("vibur", vibur());
      read.put("c3p0", c3p0());
      read.put("tomcat", tomcat());
      read.put("none", Map.of());
      assertEquals(PoolLibraries.DEFAULT.names(), read.keySet().stream().toList(),
            "a library registered later is read here too");
      for (Map.Entry<String, Map<String, Object>> library : read.entrySet()) {
         Map<String, String> expected = new TreeMap<>();
         library.getValue().forEach((name, value) -> expected.put(name, text(value)));
         assertEquals(expected, documented(cells.get(library.getKey())), library.getKey() + "'s row of docs/pools.md, "
               + COLUMN + ", against the library's own getters");
      }
   }

   /** The {@code `setting = value`} pairs of a cell. */
   static Map<String, String> documented(String cell) {
      Map<String, String> pairs = new TreeMap<>();
      Matcher m = SETTING.matcher(cell);
      while (m.find()) {
         pairs.put(m.group(1), m.group(2).strip());
      }
      return pairs;
   }

   private static String text(Object value) {
      if (value == null) {
         return "none";
      }
      if (value instanceof Duration duration) {
         return Long.toString(duration.toMillis());
      }
      return value.toString();
   }

   private static Map<String, Object> hikari() throws Exception {
      HikariConfig config = new HikariConfig();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("keepaliveTime", config.getKeepaliveTime());
      values.put("maxLifetime", config.getMaxLifetime());
      values.put("idleTimeout", config.getIdleTimeout());
      values.put("validationTimeout", config.getValidationTimeout());
      values.put("aliveBypassWindowMs", aliveBypassWindowMs());
      return values;
   }

   /**
    * The window in which HikariCP lends a connection without checking it: a field of its pool, read from a system
    * property as the pool is made, so read here from a pool made without a database (it starts without waiting for
    * a connection, and its background attempts on a closed port end with it).
    */
   private static long aliveBypassWindowMs() throws Exception {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl("jdbc:mysql://127.0.0.1:1/none");
      config.setInitializationFailTimeout(-1);
      config.setMinimumIdle(0);
      config.setMaximumPoolSize(1);
      try (HikariDataSource dataSource = new HikariDataSource(config)) {
         HikariPool pool = (HikariPool) dataSource.getHikariPoolMXBean();
         Field field = HikariPool.class.getDeclaredField("aliveBypassWindowMs");
         field.setAccessible(true);
         return field.getLong(pool);
      }
   }

   private static Map<String, Object> ucp() throws Exception {
      PoolDataSource pool = PoolDataSourceFactory.getPoolDataSource();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("validateConnectionOnBorrow", pool.getValidateConnectionOnBorrow());
      values.put("SQLForValidateConnection", pool.getSQLForValidateConnection());
      values.put("secondsToTrustIdleConnection", pool.getSecondsToTrustIdleConnection());
      values.put("connectionWaitDuration", pool.getConnectionWaitDuration());
      values.put("inactiveConnectionTimeout", pool.getInactiveConnectionTimeout());
      values.put("maxConnectionReuseTime", pool.getMaxConnectionReuseTime());
      values.put("timeoutCheckInterval", pool.getTimeoutCheckInterval());
      return values;
   }

   private static Map<String, Object> dbcp2() {
      BasicDataSource pool = new BasicDataSource();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("testOnBorrow", pool.getTestOnBorrow());
      values.put("validationQuery", pool.getValidationQuery());
      values.put("maxConnDuration", pool.getMaxConnDuration());
      values.put("testWhileIdle", pool.getTestWhileIdle());
      values.put("durationBetweenEvictionRuns", pool.getDurationBetweenEvictionRuns());
      values.put("lifo", pool.getLifo());
      return values;
   }

   private static Map<String, Object> agroal() {
      AgroalConnectionPoolConfiguration pool = new AgroalConnectionPoolConfigurationSupplier().maxSize(1).get();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("exceptionSorter", pool.exceptionSorter().getClass()
            == ExceptionSorter.emptyExceptionSorter().getClass() ? "emptyExceptionSorter" : pool.exceptionSorter());
      values.put("connectionValidator", pool.connectionValidator().getClass()
            == ConnectionValidator.emptyValidator().getClass() ? "emptyValidator" : pool.connectionValidator());
      values.put("validationTimeout", pool.validationTimeout());
      values.put("reapTimeout", pool.reapTimeout());
      values.put("maxLifetime", pool.maxLifetime());
      values.put("acquisitionTimeout", pool.acquisitionTimeout());
      return values;
   }

   private static Map<String, Object> vibur() {
      ViburDBCPDataSource pool = new ViburDBCPDataSource();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("connectionIdleLimitInSeconds", pool.getConnectionIdleLimitInSeconds());
      values.put("testConnectionQuery", pool.getTestConnectionQuery());
      values.put("connectionTimeoutInMs", pool.getConnectionTimeoutInMs());
      values.put("acquireRetryAttempts", pool.getAcquireRetryAttempts());
      values.put("acquireRetryDelayInMs", pool.getAcquireRetryDelayInMs());
      values.put("criticalSQLStates", pool.getCriticalSQLStates());
      return values;
   }

   private static Map<String, Object> c3p0() {
      ComboPooledDataSource pool = new ComboPooledDataSource();
      try {
         Map<String, Object> values = new LinkedHashMap<>();
         values.put("testConnectionOnCheckout", pool.isTestConnectionOnCheckout());
         values.put("idleConnectionTestPeriod", pool.getIdleConnectionTestPeriod());
         values.put("acquireIncrement", pool.getAcquireIncrement());
         values.put("acquireRetryAttempts", pool.getAcquireRetryAttempts());
         values.put("acquireRetryDelay", pool.getAcquireRetryDelay());
         values.put("numHelperThreads", pool.getNumHelperThreads());
         values.put("forceSynchronousCheckins", pool.isForceSynchronousCheckins());
         values.put("checkoutTimeout", pool.getCheckoutTimeout());
         return values;
      } finally {
         pool.close();
      }
   }

   private static Map<String, Object> tomcat() {
      PoolProperties pool = new PoolProperties();
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("testOnBorrow", pool.isTestOnBorrow());
      values.put("validationInterval", pool.getValidationInterval());
      values.put("fairQueue", pool.isFairQueue());
      values.put("testWhileIdle", pool.isTestWhileIdle());
      values.put("maxAge", pool.getMaxAge());
      return values;
   }
}
