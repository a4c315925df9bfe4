package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;

/** Oracle Database 18c+ through the thin driver ({@code jdbc:oracle:thin:}). */
public final class OracleDialect implements Dialect {

   @Override
   public String name() {
      return "oracle";
   }

   @Override
   public <T> T pick(PerProduct<T> values) {
      return values.oracle();
   }

   /** Oracle has no CREATE TABLE IF NOT EXISTS: the user's own tables tell whether it exists. */
   @Override
   public void createTableIfMissing(Connection connection, String table, String columns) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(
            "SELECT COUNT(*) FROM user_tables WHERE table_name = '" + table.toUpperCase(Locale.ROOT) + "'")) {
         rs.next();
         if (rs.getInt(1) > 0) {
            return;
         }
      }
      BigTable.execute(connection, "CREATE TABLE " + table + " " + columns);
   }

   @Override
   public BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException {
      createTableIfMissing(connection, "big", "(id NUMBER(10) PRIMARY KEY, payload VARCHAR2(100) NOT NULL)");
      return BigTable.fill(connection, rows, BigTable::insertBatch);
   }

   /** Oracle has no read-only session: each operation runs in a transaction begun SET TRANSACTION READ ONLY. */
   @Override
   public boolean readOnlySessions() {
      return false;
   }

   /** From v$sysstat, which needs SELECT_CATALOG_ROLE or a grant on V_$SYSSTAT; "n/a" without. */
   @Override
   public Map<String, Long> counters(Connection connection) {
      return Counters.read(connection, "SELECT name, value FROM v$sysstat"
            + " WHERE name IN ('logons cumulative', 'logons current') ORDER BY name");
   }
}
