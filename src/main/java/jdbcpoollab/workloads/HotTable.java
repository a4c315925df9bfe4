package jdbcpoollab.workloads;

import jdbcpoollab.db.BigTable;
import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.PerProduct;
import jdbcpoollab.db.Tables;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The rows the txn workload locks: {@code hot (id, n)} with ids 1..rows. Like {@link BigTable}, a table of the right
 * ids is reused, one of other ids filled again, and a {@code hot} table with other columns left alone.
 */
final class HotTable {
   private static final PerProduct<String> COLUMNS = new PerProduct<>(
         "(id INT PRIMARY KEY, n BIGINT NOT NULL) ENGINE=InnoDB",
         "(id INTEGER PRIMARY KEY, n BIGINT NOT NULL)",
         "(id NUMBER(10) PRIMARY KEY, n NUMBER(19) NOT NULL)");
   private static final int ROWS_PER_BATCH = 1_000;

   private HotTable() {
   }

   /** Creates the table with ids 1..{@code rows} unless it exists complete. */
   static BigTable.Seeding ensure(Dialect dialect, Connection connection, int rows) throws SQLException {
      dialect.createTableIfMissing(connection, "hot", dialect.pick(COLUMNS));
      Tables.checkColumns(connection, "hot", List.of("id", "n"));
      Tables.Ids ids = Tables.ids(connection, "hot");
      if (ids.count() == rows && ids.max() == rows) {
         return BigTable.Seeding.REUSED;
      }
      if (ids.count() > 0) {
         try (Statement st = connection.createStatement()) {
            st.execute("DELETE FROM hot");
         }
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
      return ids.count() > 0 ? BigTable.Seeding.REBUILT : BigTable.Seeding.FILLED;
   }
}
