package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The rows the txn workload locks: {@code hot (id, n)} with ids 1..rows. Like {@link BigTable}, a table of the right
 * ids is reused, one of other ids filled again, and a {@code hot} table with other columns left alone.
 */
public final class HotTable {
   private static final int ROWS_PER_BATCH = 1_000;

   private HotTable() {
   }

   /** After the dialect created the table if it was missing: keeps it or fills it with ids 1..rows. */
   static BigTable.Seeding fill(Connection connection, int rows) throws SQLException {
      Tables.checkColumns(connection, "hot", List.of("id", "n"));
      long count;
      long maxId;
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM hot")) {
         rs.next();
         count = rs.getLong(1);
         maxId = rs.getLong(2);
      }
      if (count == rows && maxId == rows) {
         return BigTable.Seeding.REUSED;
      }
      if (count > 0) {
         BigTable.execute(connection, "DELETE FROM hot");
      }
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO hot (id, n) VALUES (?, 0)")) {
         for (int id = 1; id <= rows; id++) {
            insert.setInt(1, id);
            insert.addBatch();
            if (id % ROWS_PER_BATCH == 0 || id == rows) {
               insert.executeBatch();
            }
         }
         connection.commit();
      } finally {
         connection.setAutoCommit(autoCommit);
      }
      return count > 0 ? BigTable.Seeding.REBUILT : BigTable.Seeding.FILLED;
   }
}
