package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/** MySQL and MariaDB. */
public final class MySqlDialect implements Dialect {
   private static final int BATCH = 2_000;

   @Override
   public String name() {
      return "mysql";
   }

   @Override
   public String waitSql(int sleepMillis) {
      return String.format(Locale.ROOT, "SELECT SLEEP(%s)", sleepMillis / 1000.0);
   }

   @Override
   public String cpuSql() {
      return "SELECT SUM(CRC32(CONCAT(id, payload))) FROM big";
   }

   @Override
   public void ensureBigTable(Connection connection, int rows) throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute("CREATE TABLE IF NOT EXISTS big (id INT PRIMARY KEY, payload VARCHAR(100) NOT NULL)"
               + " ENGINE=InnoDB");
         long count;
         long maxId;
         try (ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM big")) {
            rs.next();
            count = rs.getLong(1);
            maxId = rs.getLong(2);
         }
         if (count == rows && maxId == rows) {
            return;
         }
         st.execute("TRUNCATE TABLE big");
      }
      insertRows(connection, rows);
   }

   /** Multi-row INSERTs, so seeding needs no driver-specific batch rewriting. */
   private static void insertRows(Connection connection, int rows) throws SQLException {
      for (int first = 1; first <= rows; first += BATCH) {
         int n = Math.min(BATCH, rows - first + 1);
         StringBuilder sql = new StringBuilder("INSERT INTO big (id, payload) VALUES ");
         for (int i = 0; i < n; i++) {
            sql.append(i == 0 ? "(?, ?)" : ", (?, ?)");
         }
         try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < n; i++) {
               insert.setInt(2 * i + 1, first + i);
               insert.setString(2 * i + 2, payload(first + i));
            }
            insert.executeUpdate();
         }
      }
   }

   static String payload(int id) {
      return String.format(Locale.ROOT, "%08x-%s", (id * 2654435761L) & 0xffffffffL, "payload".repeat(8));
   }
}
