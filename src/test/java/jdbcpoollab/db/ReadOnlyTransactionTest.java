package jdbcpoollab.db;

import jdbcpoollab.testing.ExternalServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The read-only transaction a product without read-only sessions (Oracle) runs each operation in, on a server that
 * takes the same statement (MariaDB): on a writable connection a write inside fails, a read runs, and the connection
 * is back in autocommit either way.
 */
class ReadOnlyTransactionTest {

   @Test
   void aWriteInsideFailsAtTheServerAndAReadRuns() throws SQLException {
      Database root = ExternalServer.get().root();
      try (Connection c = root.connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE ro_txn (id INT PRIMARY KEY)");
         st.execute("INSERT INTO ro_txn SELECT seq FROM seq_1_to_100");
         SQLException refused = assertThrows(SQLException.class, () -> ReadOnlyTransaction.run(c,
               on -> on.createStatement().execute("DELETE FROM ro_txn")));
         assertTrue(refused.getMessage().contains("READ ONLY"), refused.getMessage());
         assertTrue(c.getAutoCommit());
         int[] read = new int[1];
         ReadOnlyTransaction.run(c, on -> {
            try (ResultSet rs = on.createStatement().executeQuery("SELECT COUNT(*) FROM ro_txn")) {
               rs.next();
               read[0] = rs.getInt(1);
            }
         });
         assertEquals(100, read[0]);
         assertTrue(c.getAutoCommit());
         try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ro_txn")) {
            rs.next();
            assertEquals(100, rs.getInt(1));
         }
      }
   }
}
