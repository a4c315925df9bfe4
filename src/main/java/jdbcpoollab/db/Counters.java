package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Server counters read from a query whose rows are (name, value). */
final class Counters {
   private Counters() {
   }

   /** The counters in query order; empty when the server refuses the query (no such view, no privilege). */
   static Map<String, Long> read(Connection connection, String sql) {
      Map<String, Long> counters = new LinkedHashMap<>();
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
         while (rs.next()) {
            long value = rs.getLong(2);
            if (!rs.wasNull()) {
               counters.put(rs.getString(1), value);
            }
         }
      } catch (SQLException e) {
         return Map.of();
      }
      return counters;
   }
}
