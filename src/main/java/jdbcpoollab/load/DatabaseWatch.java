package jdbcpoollab.load;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;

import java.io.EOFException;
import java.net.SocketException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Tells a database that is gone from one that is merely busy. An operation that fails with a connection error is
 * followed by a probe, a fresh physical connection made within a few seconds; when that fails too, the database is
 * lost. A step then stops at once instead of letting every user wait a whole {@code connectionTimeout} for a
 * connection that cannot come, and the next step waits, within a limit, for the database to come back.
 */
public final class DatabaseWatch {
   private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);
   private static final long ANSWER_KEPT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
   private static final long POLL_MILLIS = 250;
   private static final long NEVER = Long.MIN_VALUE;

   private final Database database;
   private final Duration recoverWithin;
   private final Consumer<String> progress;
   private long probedAt = NEVER;
   private String probeFailure;
   private volatile long lostAt = NEVER;
   private final WriteWatch writes;

   /**
    * @param recoverWithin how long, after the database was lost, the next step waits for it to come back
    * @param progress      where the waiting is told, one line at a time
    */
   public DatabaseWatch(Database database, Duration recoverWithin, Consumer<String> progress) {
      this.database = database;
      this.recoverWithin = recoverWithin;
      this.progress = progress;
      this.writes = new WriteWatch(database);
   }

   /** The server's word on the run's read-only steps: the rows it counts written while they run. */
   public WriteWatch writes() {
      return writes;
   }

   /** True for errors that mean the connection to the server broke or could not be made (SQLState class 08). */
   public static boolean connectionFailure(Throwable error) {
      for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
         if (t instanceof SQLNonTransientConnectionException || t instanceof SocketException
               || t instanceof EOFException) {
            return true;
         }
         if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
            return true;
         }
      }
      return false;
   }

   /**
    * Probes the server with a new connection, unless another thread did so a moment ago: many users failing at once
    * cost one probe.
    *
    * @return null when the server answered, otherwise why not (normalised)
    */
   private synchronized String probe() {
      long now = System.nanoTime();
      if (probedAt != NEVER && now - probedAt < ANSWER_KEPT_NANOS) {
         return probeFailure;
      }
      try (Connection ignored = database.connect(PROBE_TIMEOUT)) {
         probeFailure = null;
      } catch (SQLException | RuntimeException e) {
         probeFailure = ErrorMessages.normalise(e);
      }
      probedAt = System.nanoTime();
      return probeFailure;
   }

   /**
    * After a failure: probes the server and, when it does not answer, records the database as lost (since the
    * first time, until it comes back).
    *
    * @return null when the server answered, otherwise {@code database lost: <why>}
    */
   public String check() {
      String failure = probe();
      if (failure == null) {
         return null;
      }
      synchronized (this) {
         if (lostAt == NEVER) {
            lostAt = System.nanoTime();
         }
      }
      return "database lost: " + failure;
   }

   /**
    * Before a step opens: when the database was lost, waits until it answers again, at most until
    * {@code recoverWithin} after it was lost. Says so on the progress lines.
    *
    * @return true when the database is there (no longer counted as lost)
    */
   public boolean awaitBack(String step) {
      if (lostAt == NEVER) {
         return true;
      }
      long deadline = lostAt + recoverWithin.toNanos();
      if (System.nanoTime() - deadline < 0) {
         progress.accept(step + ": waiting up to " + recoverWithin.toSeconds() + " s for the database to come back");
      }
      while (true) {
         if (probe() == null) {
            lostAt = NEVER;
            progress.accept(step + ": the database is back");
            return true;
         }
         if (System.nanoTime() - deadline >= 0) {
            return false;
         }
         try {
            Thread.sleep(POLL_MILLIS);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
         }
      }
   }
}
