package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the lab's own tables ({@code big}, {@code work}, a workload's own such as {@code hot}) have in common. */
public final class Tables {

   @FunctionalInterface
   interface Work {
      void run() throws SQLException;
   }

   /** How many rows a table holds and its smallest and largest id, 0 when empty. */
   public record Ids(long count, long min, long max) {
   }

   private Tables() {
   }

   /** The rows and the id range of the lab's table {@code table}. */
   public static Ids ids(Connection connection, String table) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(
            "SELECT COUNT(*), COALESCE(MIN(id), 0), COALESCE(MAX(id), 0) FROM " + table)) {
         rs.next();
         return new Ids(rs.getLong(1), rs.getLong(2), rs.getLong(3));
      }
   }

   /**
    * Refuses a table of that name with other columns: it is not the lab's, so it is never emptied or written.
    */
   public static void checkColumns(Connection connection, String table, List<String> expected) throws SQLException {
      List<String> columns = new ArrayList<>();
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
         ResultSetMetaData meta = rs.getMetaData();
         for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(meta.getColumnName(i).toLowerCase(Locale.ROOT));
         }
      }
      if (!columns.equals(expected)) {
         throw new SQLException("a table " + table + " with columns " + columns + " already exists and is not the"
               + " lab's (" + String.join(", ", expected) + "); it is left untouched: point db.url at a database or"
               + " schema of the lab's own");
      }
   }

   /** Runs the work in one transaction, committed or rolled back, and leaves auto-commit as it was. */
   static void inTransaction(Connection connection, Work work) throws SQLException {
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try {
         work.run();
         connection.commit();
      } catch (SQLException e) {
         connection.rollback();
         throw e;
      } finally {
         connection.setAutoCommit(autoCommit);
      }
   }
}
