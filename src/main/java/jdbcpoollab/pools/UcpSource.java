package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;
import oracle.ucp.UniversalConnectionPoolAdapter;
import oracle.ucp.UniversalConnectionPoolException;
import oracle.ucp.admin.UniversalConnectionPoolManager;
import oracle.ucp.admin.UniversalConnectionPoolManagerImpl;
import oracle.ucp.jdbc.PoolDataSource;
import oracle.ucp.jdbc.PoolDataSourceFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * An Oracle Universal Connection Pool. UCP pools any JDBC driver: its physical connections come from the driver that
 * accepts the database's URL, so it runs on MySQL and MariaDB as well as on Oracle.
 */
public final class UcpSource implements ConnectionSource {
   private final PoolDataSource dataSource;
   private final String poolName;

   private UcpSource(PoolDataSource dataSource, String poolName) {
      this.dataSource = dataSource;
      this.poolName = poolName;
   }

   /** Sets more of a pool's properties before it starts. */
   @FunctionalInterface
   interface Settings {
      void apply(PoolDataSource dataSource) throws Exception;
   }

   /** Creates and starts the pool and waits until it holds {@code shape.min()} connections. */
   public static UcpSource open(Database db, PoolShape shape) throws SQLException, TimeoutException {
      return open(db, shape, dataSource -> { });
   }

   /** {@link #open(Database, PoolShape)}, with {@code settings} applied after the shape's. */
   static UcpSource open(Database db, PoolShape shape, Settings settings) throws SQLException, TimeoutException {
      String poolName = shape.poolName();
      int minSize = shape.min();
      long connectionTimeoutMs = shape.acquireTimeoutMs();
      PoolDataSource dataSource = PoolDataSourceFactory.getPoolDataSource();
      dataSource.setConnectionFactoryClassName(DriverManager.getDriver(db.url()).getClass().getName());
      dataSource.setURL(db.url());
      dataSource.setUser(db.user());
      dataSource.setPassword(db.password());
      dataSource.setConnectionPoolName(poolName);
      dataSource.setInitialPoolSize(minSize);
      dataSource.setMinPoolSize(minSize);
      dataSource.setMaxPoolSize(shape.max());
      dataSource.setConnectionWaitDuration(Duration.ofMillis(connectionTimeoutMs));
      PoolTimes times = shape.times();
      if (times.idleTimeoutMs() > 0) {
         dataSource.setInactiveConnectionTimeout(PoolTimes.seconds(times.idleTimeoutMs()));
      }
      if (times.maxLifetimeMs() > 0) {
         dataSource.setMaxConnectionReuseTime(PoolTimes.seconds(times.maxLifetimeMs()));
      }
      if (times.idleTimeoutMs() > 0 || times.maxLifetimeMs() > 0) {
         // UCP enforces its timeouts every 30 s by default: far coarser than the times asked for
         dataSource.setTimeoutCheckInterval(1);
      }
      try {
         settings.apply(dataSource);
      } catch (Exception e) {
         throw new SQLException(db.redact(ErrorMessages.rootMessage(e)), e);
      }
      UcpSource source = new UcpSource(dataSource, poolName);
      try {
         UniversalConnectionPoolManager manager = manager();
         manager.createConnectionPool((UniversalConnectionPoolAdapter) dataSource);
         manager.startConnectionPool(poolName);
         PoolFill.await(poolName,
               () -> dataSource.getAvailableConnectionsCount() + dataSource.getBorrowedConnectionsCount(), minSize,
               connectionTimeoutMs, db);
      } catch (UniversalConnectionPoolException | RuntimeException e) {
         source.close();
         throw new SQLException(db.redact(ErrorMessages.rootMessage(e)), e);
      } catch (TimeoutException e) {
         source.close();
         throw e;
      }
      return source;
   }

   @Override
   public Connection getConnection() throws SQLException {
      return dataSource.getConnection();
   }

   /** UCP's counts of borrowed and available connections; it does not tell how many threads wait. */
   @Override
   public PoolGauge gauge() {
      return () -> {
         try {
            return new PoolGauge.Reading(dataSource.getBorrowedConnectionsCount(),
                  dataSource.getAvailableConnectionsCount(), -1);
         } catch (SQLException e) {
            return null;
         }
      };
   }

   /** Closes every connection and forgets the pool, so its name can be used again. */
   @Override
   public void close() {
      try {
         manager().destroyConnectionPool(poolName);
      } catch (UniversalConnectionPoolException e) {
         // never created, or already destroyed
      }
   }

   private static UniversalConnectionPoolManager manager() throws UniversalConnectionPoolException {
      return UniversalConnectionPoolManagerImpl.getUniversalConnectionPoolManager();
   }
}
