package jdbcpoollab.capture;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Which server a connection reached, as the server itself says it, so that a replay can tell the server a capture
 * was taken from whatever URL names it: MySQL's and MariaDB's host name, port and data directory; PostgreSQL's
 * system identifier (or, where the user may not read it, its start time) and port.
 */
public final class ServerIdentity {
   private ServerIdentity() {
   }

   /** The identity of the server {@code c} is connected to, a server of {@code product}. */
   public static String of(Connection c, String product) throws SQLException {
      if ("mysql".equals(product)) {
         return first(c, "SELECT CONCAT(@@hostname, ':', @@port, ':', @@datadir)");
      }
      if ("postgresql".equals(product)) {
         try {
            return first(c, "SELECT system_identifier::text || ':' || current_setting('port') "
                  + "FROM pg_control_system()");
         } catch (SQLException e) {
            return first(c, "SELECT pg_postmaster_start_time()::text || ':' || current_setting('port')");
         }
      }
      return first(c, "SELECT SYS_CONTEXT('USERENV', 'DB_UNIQUE_NAME') || ':' || SYS_CONTEXT('USERENV', 'SERVER_HOST')"
            + " FROM dual");
   }

   private static String first(Connection c, String sql) throws SQLException {
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
         rs.next();
         return rs.getString(1);
      }
   }
}
