package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * No pool, at most {@code limit} connections at once: every getConnection() waits for one of {@code limit} permits
 * (up to the acquire timeout, as a pool would), then opens a new physical connection; closing it ends it and gives
 * the permit back. So a sweep's pool size means the same concurrency with and without a pool.
 */
public final class LimitedUnpooledSource implements ConnectionSource {
   private final Database database;
   private final Semaphore permits;
   private final int limit;
   private final long acquireTimeoutMs;

   public LimitedUnpooledSource(Database database, int limit, long acquireTimeoutMs) {
      this.database = database;
      this.permits = new Semaphore(limit, true);
      this.limit = limit;
      this.acquireTimeoutMs = acquireTimeoutMs;
   }

   @Override
   public Connection getConnection() throws SQLException {
      try {
         if (!permits.tryAcquire(acquireTimeoutMs, TimeUnit.MILLISECONDS)) {
            throw new SQLTransientConnectionException("no connection of " + limit + " free within "
                  + acquireTimeoutMs + " ms");
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new SQLException("interrupted while waiting for a connection", e);
      }
      Connection physical;
      try {
         physical = database.connect();
      } catch (SQLException | RuntimeException e) {
         permits.release();
         throw e;
      }
      return releasingOnClose(physical);
   }

   private Connection releasingOnClose(Connection physical) {
      AtomicBoolean released = new AtomicBoolean();
      return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
               if (method.getName().equals("close") && method.getParameterCount() == 0) {
                  try {
                     physical.close();
                  } finally {
                     if (released.compareAndSet(false, true)) {
                        permits.release();
                     }
                  }
                  return null;
               }
               try {
                  return method.invoke(physical, args);
               } catch (InvocationTargetException e) {
                  throw e.getCause();
               }
            });
   }

   @Override
   public void close() {
      // every connection was closed by its user
   }
}
