package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every pool library opened on a read-only database ({@link Database#readOnly}) hands out connections the server
 * holds read-only: a DELETE fails on each and a read runs, before and after it went back to the pool, on MariaDB
 * through both drivers and on PostgreSQL, and the table keeps its 100 rows. The pools are told nothing of it (their
 * shape says writable): the guarantee rests on the server alone.
 */
class ReadOnlySessionsTest {
   private static final int ROWS = 100;

   @Test
   void everyLibraryOnMariaDbThroughBothDriversRefusesWrites() throws Exception {
      Database root = ExternalServer.get().root();
      try (Connection c = root.connect(); Statement st = c.createStatement()) {
         root.describeServer(c);
         st.execute("CREATE OR REPLACE TABLE ro_keep (id INT PRIMARY KEY)");
         st.execute("INSERT INTO ro_keep SELECT seq FROM seq_1_to_" + ROWS);
      }
      for (String driver : Drivers.DEFAULT.names()) {
         everyLibraryRefuses(root.through(Drivers.DEFAULT.find(driver).orElseThrow()), driver);
      }
   }

   @Test
   void everyLibraryOnPostgresRefusesWrites() throws Exception {
      try (PostgresServer server = PostgresServer.startOrSkip()) {
         Database db = server.database();
         try (Connection c = db.connect(); Statement st = c.createStatement()) {
            db.describeServer(c);
            st.execute("CREATE TABLE ro_keep (id INTEGER PRIMARY KEY)");
            st.execute("INSERT INTO ro_keep SELECT generate_series(1, " + ROWS + ")");
         }
         everyLibraryRefuses(db, "postgresql");
      }
   }

   private static void everyLibraryRefuses(Database writable, String driver) throws Exception {
      Database readOnly = writable.readOnly();
      for (PoolLibrary library : PoolLibraries.DEFAULT.all()) {
         String which = library.name() + " through " + driver;
         try (ConnectionSource pool = library.open(readOnly, new PoolShape("lab-ro-" + library.name(), 2, 2,
               10_000))) {
            for (int round = 1; round <= 2; round++) {
               List<Connection> borrowed = new ArrayList<>();
               try {
                  for (int i = 0; i < 2; i++) {
                     Connection c = pool.getConnection();
                     borrowed.add(c);
                     SQLException refused = assertThrows(SQLException.class, () -> delete(c), which);
                     assertTrue(refused.getMessage().toLowerCase().matches("(?s).*read[ -]only.*"),
                           which + ": " + refused.getMessage());
                     assertEquals(ROWS, count(c), which + " reads");
                  }
               } finally {
                  for (Connection c : borrowed) {
                     c.close();
                  }
               }
            }
         }
         assertEquals(ROWS, rows(writable), which);
      }
   }

   private static void delete(Connection c) throws SQLException {
      try (Statement st = c.createStatement()) {
         st.execute("DELETE FROM ro_keep WHERE id IN (SELECT id FROM (SELECT id FROM ro_keep LIMIT 1) AS one)");
      }
   }

   private static int rows(Database db) throws SQLException {
      try (Connection c = db.connect()) {
         return count(c);
      }
   }

   private static int count(Connection c) throws SQLException {
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ro_keep")) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
