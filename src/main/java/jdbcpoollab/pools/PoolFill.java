package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits until a new pool holds its minimum of connections, so that what follows measures a filled pool. */
final class PoolFill {
   private static final long MIN_FILL_MS = 10_000;
   private static final Duration ASK_SERVER_WITHIN = Duration.ofSeconds(5);
   private static final String REFUSES = "the server refuses a new connection: ";

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
    * Starts a new pool and waits until it holds {@code shape.min()} connections (see {@link #await}). On failure the
    * pool is closed, and a library's unchecked exception becomes an SQLException naming its root cause, password
    * masked.
    */
   static <S extends ConnectionSource> S started(S source, Start start, Count count, PoolShape shape,
                                                 Database database) throws Exception {
      try {
         start.run();
         await(shape.poolName(), count, shape.min(), shape.acquireTimeoutMs(), database);
      } catch (RuntimeException e) {
         source.close();
         throw new SQLException(database.redact(ErrorMessages.rootMessage(e)), e);
      } catch (Exception e) {
         source.close();
         throw e;
      }
      return source;
   }

   /**
    * Waits until {@code count} reaches {@code size}, for 10 s or the pool's acquire timeout when longer. A pool that
    * does not fill in time says how far it got and, since libraries keep the server's refusals to their logs, what
    * the server answers to one more connection of the lab's own ("Too many connections", "sorry, too many clients
    * already"). A pool still short after its acquire timeout, when that is under 10 s, ends then if the server
    * refuses that connection: it is at its limit, and waiting out the 10 s would not fill the pool.
    */
   static void await(String poolName, Count count, int size, long acquireTimeoutMs, Database database)
         throws SQLException, TimeoutException {
      long started = System.nanoTime();
      long timeoutMs = Math.max(MIN_FILL_MS, acquireTimeoutMs);
      long deadline = started + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      long askAt = started + TimeUnit.MILLISECONDS.toNanos(acquireTimeoutMs);
      boolean askEarly = acquireTimeoutMs < timeoutMs;
      while (count.connections() < size) {
         long now = System.nanoTime();
         if (askEarly && now > askAt) {
            askEarly = false;
            String answer = serverAnswer(database);
            if (answer.startsWith(REFUSES) && count.connections() < size) {
               throw notFilled(poolName, count, size, acquireTimeoutMs, answer);
            }
         }
         if (now > deadline) {
            throw notFilled(poolName, count, size, timeoutMs, serverAnswer(database));
         }
         try {
            Thread.sleep(5);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while filling pool " + poolName);
         }
      }
   }

   private static TimeoutException notFilled(String poolName, Count count, int size, long afterMs, String answer)
         throws SQLException {
      return new TimeoutException("pool " + poolName + " holds " + count.connections() + " of " + size
            + " connections after " + afterMs + " ms; " + answer);
   }

   private static String serverAnswer(Database database) {
      try (Connection ignored = database.connect(ASK_SERVER_WITHIN)) {
         return "the server accepts a new connection of the lab's own";
      } catch (SQLException | RuntimeException e) {
         return REFUSES + database.redact(ErrorMessages.rootMessage(e));
      }
   }
}
