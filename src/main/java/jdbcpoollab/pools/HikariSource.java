package jdbcpoollab.pools;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeoutException;

/** A HikariCP pool. */
public final class HikariSource implements ConnectionSource {
   private final HikariDataSource dataSource;

   private HikariSource(HikariDataSource dataSource) {
      this.dataSource = dataSource;
   }

   /** The lab's HikariCP configuration, for a pool the lab opens itself or hands to another tool. */
   public static HikariConfig config(Database db, PoolShape shape) {
      HikariConfig config = new HikariConfig();
      config.setPoolName(shape.poolName());
      config.setJdbcUrl(db.url());
      config.setUsername(db.user());
      config.setPassword(db.password());
      config.setMinimumIdle(shape.min());
      config.setMaximumPoolSize(shape.max());
      config.setConnectionTimeout(shape.acquireTimeoutMs());
      config.setReadOnly(shape.readOnly());
      config.setRegisterMbeans(false);
      PoolTimes times = shape.times();
      if (times.idleTimeoutMs() > 0) {
         config.setIdleTimeout(times.idleTimeoutMs());
      }
      if (times.maxLifetimeMs() > 0) {
         config.setMaxLifetime(times.maxLifetimeMs());
      }
      if (times.keepaliveMs() > 0) {
         config.setKeepaliveTime(times.keepaliveMs());
      }
      return config;
   }

   /**
    * Creates the pool of {@code config} and waits until it holds its minimum of idle connections, so the step
    * measures a warm pool.
    */
   public static HikariSource open(Database db, HikariConfig config) throws SQLException, TimeoutException {
      HikariDataSource dataSource;
      try {
         dataSource = new HikariDataSource(config);
      } catch (RuntimeException e) {
         throw new SQLException(db.redact(ErrorMessages.rootMessage(e)), e);
      }
      HikariSource source = new HikariSource(dataSource);
      try {
         HikariPoolMXBean pool = dataSource.getHikariPoolMXBean();
         PoolFill.await(config.getPoolName(), pool::getIdleConnections, config.getMinimumIdle(),
               config.getConnectionTimeout(), db);
      } catch (SQLException | TimeoutException | RuntimeException e) {
         source.close();
         throw e;
      }
      return source;
   }

   @Override
   public Connection getConnection() throws SQLException {
      return dataSource.getConnection();
   }

   /** HikariCP's own pool MXBean, read directly (not registered with JMX). */
   @Override
   public PoolGauge gauge() {
      return () -> {
         HikariPoolMXBean pool = dataSource.getHikariPoolMXBean();
         return pool == null ? null : new PoolGauge.Reading(pool.getActiveConnections(), pool.getIdleConnections(),
               pool.getThreadsAwaitingConnection());
      };
   }

   @Override
   public void close() {
      dataSource.close();
   }
}
