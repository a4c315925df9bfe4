package jdbcpoollab.load;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.pools.ConnectionSource;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The phases every operation of the lab times: acquire a connection, use it, give it back. A closed loop's user keeps
 * one and times each of its operations in it ({@link #time}), so that an operation allocates nothing to tell them.
 */
final class Phases {
   /** When the operation started ({@link System#nanoTime()}). */
   private long start;
   /** When the connection was there (= end when acquiring failed). */
   private long acquired;
   /** When the statement was done (0 when it did not complete). */
   private long used;
   /** When the connection was given back. */
   private long end;
   /** Normalised failure message, or null. */
   private String error;
   /** The exception behind the error, or null. */
   private Exception failure;

   @FunctionalInterface
   interface Use {
      void on(Connection connection) throws SQLException;
   }

   /** Told the moment the operation has its connection, such as {@link jdbcpoollab.measure.StepRecorder#acquired}. */
   @FunctionalInterface
   interface Acquired {
      void at(long nanos);

      Acquired NONE = nanos -> {
      };
   }

   static Phases run(ConnectionSource source, long start, Use use) {
      return run(source, start, Acquired.NONE, use);
   }

   static Phases run(ConnectionSource source, long start, Acquired onAcquired, Use use) {
      return new Phases().time(source, start, onAcquired, use);
   }

   /** Times one operation started at {@code start} on a connection of {@code source}, in place of the last one. */
   Phases time(ConnectionSource source, long begun, Acquired onAcquired, Use use) {
      start = begun;
      acquired = 0;
      used = 0;
      error = null;
      failure = null;
      Connection connection = null;
      try {
         connection = source.getConnection();
         acquired = System.nanoTime();
         onAcquired.at(acquired);
         use.on(connection);
         used = System.nanoTime();
      } catch (SQLException | RuntimeException e) {
         error = ErrorMessages.normalise(e);
         failure = e;
      } finally {
         if (connection != null) {
            try {
               connection.close();
            } catch (SQLException | RuntimeException e) {
               error = error != null ? error : ErrorMessages.normalise(e);
            }
         }
      }
      end = System.nanoTime();
      acquired = acquired == 0 ? end : acquired;
      return this;
   }

   long end() {
      return end;
   }

   String error() {
      return error;
   }

   Exception failure() {
      return failure;
   }

   long acquireNanos() {
      return acquired - start;
   }

   long useNanos() {
      return used == 0 ? 0 : used - acquired;
   }

   long totalNanos() {
      return end - start;
   }

   /** The operation as Gatling's report shows it. */
   Outcome outcome(String requestName, long startMillis) {
      return new Outcome(requestName, startMillis, startMillis + totalNanos() / 1_000_000, error);
   }
}
