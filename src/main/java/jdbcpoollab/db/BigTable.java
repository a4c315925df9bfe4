package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The table the cpu workload scans: {@code big (id, payload)} with ids 1..rows and a payload derived from the id.
 * A table that already holds exactly those ids is reused; one that holds anything else (seeding cut short, another
 * row count) is emptied and filled again. A table named {@code big} with other columns is not the lab's: it is
 * left alone and the run stops, so a production table is never emptied.
 */
public final class BigTable {
   /** What {@link Dialect#ensureBigTable} did. */
   public enum Seeding { REUSED, FILLED, REBUILT }

   static final int ROWS_PER_INSERT = 1_000;

   /** How a dialect writes rows {@code first..last} into the empty table. */
   @FunctionalInterface
   interface Inserter {
      void insert(Connection connection, int first, int last) throws SQLException;
   }

   private BigTable() {
   }

   /** After the dialect created the table if it was missing: keeps, fills or rebuilds it. */
   static Seeding fill(Connection connection, int rows, Inserter inserter) throws SQLException {
      Tables.checkColumns(connection, "big", List.of("id", "payload"));
      Tables.Ids ids = Tables.ids(connection, "big");
      if (ids.count() == rows && ids.min() == 1 && ids.max() == rows) {
         return Seeding.REUSED;
      }
      if (ids.count() > 0) {
         execute(connection, "TRUNCATE TABLE big");
      }
      for (int first = 1; first <= rows; first += ROWS_PER_INSERT) {
         inserter.insert(connection, first, Math.min(rows, first + ROWS_PER_INSERT - 1));
      }
      return ids.count() > 0 ? Seeding.REBUILT : Seeding.FILLED;
   }

   /** One multi-row INSERT, so seeding needs no driver-specific batch rewriting (MySQL, MariaDB, PostgreSQL). */
   static void insertValues(Connection connection, int first, int last) throws SQLException {
      StringBuilder sql = new StringBuilder("INSERT INTO big (id, payload) VALUES ");
      for (int id = first; id <= last; id++) {
         sql.append(id == first ? "(?, ?)" : ", (?, ?)");
      }
      try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
         for (int id = first; id <= last; id++) {
            insert.setInt(2 * (id - first) + 1, id);
            insert.setString(2 * (id - first) + 2, payload(id));
         }
         insert.executeUpdate();
      }
   }

   /** A JDBC batch of single-row INSERTs in one transaction, for products without multi-row VALUES (Oracle). */
   static void insertBatch(Connection connection, int first, int last) throws SQLException {
      Tables.inTransaction(connection, () -> {
         try (PreparedStatement insert = connection.prepareStatement("INSERT INTO big (id, payload) VALUES (?, ?)")) {
            for (int id = first; id <= last; id++) {
               insert.setInt(1, id);
               insert.setString(2, payload(id));
               insert.addBatch();
            }
            insert.executeBatch();
         }
      });
   }

   static String payload(int id) {
      return String.format(Locale.ROOT, "%08x-%s", (id * 2654435761L) & 0xffffffffL, "payload".repeat(8));
   }

   static void execute(Connection connection, String sql) throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute(sql);
      }
   }
}
