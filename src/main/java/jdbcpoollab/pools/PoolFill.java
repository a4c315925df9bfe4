package jdbcpoollab.pools;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits until a new pool holds its minimum of connections, so that what follows measures a filled pool. */
final class PoolFill {

   @FunctionalInterface
   interface Count {
      int connections() throws SQLException;
   }

   private PoolFill() {
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
