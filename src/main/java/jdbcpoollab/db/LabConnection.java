package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * One connection of the lab's own beside a step's, on which the server's state is read: opened at the first query
 * (within {@code connectWithin}, so that a server that does not answer never holds a step up), opened again after
 * it was closed, each query cut at {@code queryTimeoutSeconds}. Its owner closes it, quietly.
 */
final class LabConnection implements AutoCloseable {
   /** What a query's rows say. */
   interface Rows<T> {
      T read(ResultSet rows) throws SQLException;
   }

   private final Database database;
   private final Duration connectWithin;
   private final int queryTimeoutSeconds;
   private Connection connection;

   LabConnection(Database database, Duration connectWithin, int queryTimeoutSeconds) {
      this.database = database;
      this.connectWithin = connectWithin;
      this.queryTimeoutSeconds = queryTimeoutSeconds;
   }

   synchronized <T> T query(String sql, Rows<T> rows) throws SQLException {
      if (connection == null || connection.isClosed()) {
         connection = database.connect(connectWithin);
      }
      try (Statement st = connection.createStatement()) {
         st.setQueryTimeout(queryTimeoutSeconds);
         try (ResultSet rs = st.executeQuery(sql)) {
            return rows.read(rs);
         }
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
