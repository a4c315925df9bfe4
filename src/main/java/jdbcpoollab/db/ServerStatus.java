package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One connection of the lab's own, opened once and kept, on which the server's counters are read before and after
 * each run and the work table is reset, so that none of this shows up in what a run is charged with.
 */
public final class ServerStatus implements AutoCloseable {
   private final Supplier<Database> database;
   private Connection connection;

   /** @param database the database, once the run has started it */
   public ServerStatus(Supplier<Database> database) {
      this.database = database;
   }

   /** The lab's connection, reopened if it was lost. */
   public synchronized Connection connection() throws SQLException {
      if (connection == null || !connection.isValid(5)) {
         close();
         connection = database.get().connect();
      }
      return connection;
   }

   /** Restarts the high-water marks, then reads the counters; empty when there are none to read. */
   public synchronized Map<String, Long> before() {
      try {
         database.get().dialect().resetPeaks(connection());
      } catch (SQLException e) {
         // without the privilege to reset it, the mark counts from the server's start (README)
      }
      return read();
   }

   /**
    * What the counters say about the run since {@code before}: cumulative counters as their change, high-water marks
    * as read now. Empty (shown as "n/a") when either reading is.
    */
   public synchronized Map<String, Long> since(Map<String, Long> before) {
      Map<String, Long> after = read();
      Set<String> peaks = database.get().dialect().peakCounters();
      Map<String, Long> run = new LinkedHashMap<>();
      after.forEach((name, value) -> {
         if (peaks.contains(name)) {
            run.put(name, value);
         } else if (before.containsKey(name)) {
            run.put(name, value - before.get(name));
         }
      });
      return before.isEmpty() ? Map.of() : run;
   }

   private Map<String, Long> read() {
      try {
         return database.get().dialect().counters(connection());
      } catch (SQLException e) {
         return Map.of();
      }
   }

   @Override
   public synchronized void close() {
      if (connection != null) {
         try {
            connection.close();
         } catch (SQLException ignored) {
            // a lost connection has nothing left to close
         }
         connection = null;
      }
   }
}
