package jdbcpoollab.workloads;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;

/**
 * Rows made by the lab before the load: {@code insert} ({@code INSERT INTO t (a, b) VALUES}) followed by {@code rows}
 * copies of {@code row} ({@code (#{n}, MOD(#{n}, 100))}), {@code #{n}} counting from 1, {@link #BATCH} rows a
 * statement.
 */
record Fill(String insert, BoundSql row, int rows) {
   /** Rows a fill inserts per statement. */
   static final int BATCH = 1_000;

   void run(Connection connection) throws SQLException {
      for (int from = 1; from <= rows; from += BATCH) {
         int count = Math.min(BATCH, rows - from + 1);
         String sql = insert + " " + String.join(", ", Collections.nCopies(count, row.jdbc()));
         try (PreparedStatement st = connection.prepareStatement(sql)) {
            int index = 1;
            for (int n = from; n < from + count; n++) {
               for (int i = 0; i < row.names().size(); i++) {
                  st.setInt(index++, n);
               }
            }
            st.executeUpdate();
         }
      }
   }
}
