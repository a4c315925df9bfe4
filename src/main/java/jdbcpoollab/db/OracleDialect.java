package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;

/**
 * Oracle Database 18c+ through the thin driver ({@code jdbc:oracle:thin:}). DBMS_SESSION.SLEEP (18c+) needs no grant,
 * unlike DBMS_LOCK.SLEEP; it sleeps in hundredths of a second.
 */
public final class OracleDialect implements Dialect {

   @Override
   public String name() {
      return "oracle";
   }

   @Override
   public String waitSql(int sleepMillis) {
      return String.format(Locale.ROOT, "BEGIN DBMS_SESSION.SLEEP(%s); END;", sleepMillis / 1000.0);
   }

   /** ORA_HASH is Oracle's own hash of a value (as CRC32 is MySQL's): one cheap call per row. */
   @Override
   public String cpuSql() {
      return "SELECT SUM(ORA_HASH(id || payload)) FROM big";
   }

   @Override
   public BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException {
      boolean exists;
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM user_tables WHERE table_name = 'BIG'")) {
         rs.next();
         exists = rs.getInt(1) > 0;
      }
      if (!exists) {
         BigTable.execute(connection, "CREATE TABLE big (id NUMBER(10) PRIMARY KEY, payload VARCHAR2(100) NOT NULL)");
      }
      return BigTable.fill(connection, rows, BigTable::insertBatch);
   }

   /** Oracle has no CREATE TABLE IF NOT EXISTS, nor BIGINT. */
   @Override
   public BigTable.Seeding ensureHotTable(Connection connection, int rows) throws SQLException {
      boolean exists;
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM user_tables WHERE table_name = 'HOT'")) {
         rs.next();
         exists = rs.getInt(1) > 0;
      }
      if (!exists) {
         BigTable.execute(connection, "CREATE TABLE hot (id NUMBER(10) PRIMARY KEY, n NUMBER(19) NOT NULL)");
      }
      return HotTable.fill(connection, rows);
   }

   /** From v$sysstat, which needs SELECT_CATALOG_ROLE or a grant on V_$SYSSTAT; "n/a" without. */
   @Override
   public Map<String, Long> counters(Connection connection) {
      return Counters.read(connection, "SELECT name, value FROM v$sysstat"
            + " WHERE name IN ('logons cumulative', 'logons current') ORDER BY name");
   }
}
