package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits until a new pool holds its minimum of connections, so that what follows measures a filled pool. */
final class PoolFill {

   @FunctionalInterface
   interface Count {
      int connections() throws SQLException;
   }

   /** What starts a library's pool; it may throw the library's own unchecked exceptions. */
   @FunctionalInterface
   interface Start {
      void run() throws Exception;
   }

   private PoolFill() {
   }

   /**
    * Starts a new pool and waits until it holds {@code shape.min()} connections (for 10 s, or the acquire timeout
    * when longer). On failure the pool is closed, and a library's unchecked exception becomes an SQLException naming
    * its root cause, password masked.
    */
   static <S extends ConnectionSource> S started(S source, Start start, Count count, PoolShape shape,
                                                 Database database) throws Exception {
      try {
         start.run();
         await(shape.poolName(), count, shape.min(), Math.max(10_000, shape.acquireTimeoutMs()));
      } catch (RuntimeException e) {
         source.close();
         throw new SQLException(database.redact(ErrorMessages.rootMessage(e)), e);
      } catch (Exception e) {
         source.close();
         throw e;
      }
      return source;
   }

   static void await(String poolName, Count count, int size, long timeoutMs) throws SQLException, TimeoutException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      while (count.connections() < size) {
         if (System.nanoTime() > deadline) {
            throw new TimeoutException("pool " + poolName + " holds " + count.connections() + " of " + size
                  + " connections after " + timeoutMs + " ms");
         }
         try {
            Thread.sleep(5);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while filling pool " + poolName);
         }
      }
   }
}
