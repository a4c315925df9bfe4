package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The table CpoolCompare's users select, insert and update: rows 1..rows are kept, the rows a run inserts (ids above
 * rows) are deleted before the next run, so writes never make it grow. Plain SQL that every product speaks. A table
 * named {@code work} with other columns is not the lab's: it is left alone and the run stops.
 */
public final class WorkTable {
   public static final String SELECT = "SELECT n, payload FROM work WHERE id = ?";
   public static final String INSERT = "INSERT INTO work (id, n, payload) VALUES (?, 0, ?)";
   public static final String UPDATE = "UPDATE work SET n = n + 1 WHERE id = ?";
   private static final int BATCH = 500;

   private WorkTable() {
   }

   /** Creates the table with rows 1..rows if missing or incomplete, and deletes every row a run inserted. */
   public static void reset(Connection connection, int rows) throws SQLException {
      try (Statement st = connection.createStatement()) {
         if (!exists(st)) {
            st.execute("CREATE TABLE work (id INT PRIMARY KEY, n INT NOT NULL, payload VARCHAR(100) NOT NULL)");
         }
         Tables.checkColumns(connection, "work", List.of("id", "n", "payload"));
         st.executeUpdate("DELETE FROM work WHERE id > " + rows);
         try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM work WHERE id BETWEEN 1 AND " + rows)) {
            rs.next();
            if (rs.getLong(1) == rows) {
               return;
            }
         }
         st.executeUpdate("DELETE FROM work");
      }
      seed(connection, rows);
   }

   public static String payload(int id) {
      return "work row " + id;
   }

   private static boolean exists(Statement st) {
      try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM work WHERE 1 = 0")) {
         return true;
      } catch (SQLException e) {
         return false;
      }
   }

   private static void seed(Connection connection, int rows) throws SQLException {
      Tables.inTransaction(connection, () -> {
         try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            for (int id = 1; id <= rows; id++) {
               insert.setInt(1, id);
               insert.setString(2, payload(id));
               insert.addBatch();
               if (id % BATCH == 0 || id == rows) {
                  insert.executeBatch();
               }
            }
         }
      });
   }
}
