package jdbcpoollab.load;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.pools.ConnectionSource;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The phases every operation of the lab times: acquire a connection, use it, give it back.
 *
 * @param start    when the operation started ({@link System#nanoTime()})
 * @param acquired when the connection was there (= end when acquiring failed)
 * @param used     when the statement was done (0 when it did not complete)
 * @param end      when the connection was given back
 * @param error    normalised failure message, or null
 * @param failure  the exception behind the error, or null
 */
record Phases(long start, long acquired, long used, long end, String error, Exception failure) {

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
      long acquired = 0;
      long used = 0;
      String error = null;
      Exception failure = null;
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
      long end = System.nanoTime();
      return new Phases(start, acquired == 0 ? end : acquired, used, end, error, failure);
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
