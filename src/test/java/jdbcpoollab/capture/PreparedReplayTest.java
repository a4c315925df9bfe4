package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.testing.ExternalServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Prepared statements on the tests' second embedded MariaDB ({@link ExternalServer}): an application's server-side
 * prepared statements are captured as prepared and a text application's as text; a replay sends the prepared ones
 * prepared at the server (its {@code Com_stmt_execute} counts each, its {@code Com_stmt_prepare} each text once on the
 * connection), where a replay of the same statements as text executes none; a prepared write on a read-only replay
 * fails as a text one does.
 */
class PreparedReplayTest {
   private static Database database;

   @BeforeAll
   static void table() throws SQLException {
      database = ExternalServer.get().root();
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE prep_items (id INT PRIMARY KEY, v INT, note VARCHAR(40))");
         st.execute("INSERT INTO prep_items SELECT seq, seq % 7, CONCAT('n', seq) FROM seq_1_to_100");
      }
   }

   @Test
   void anApplicationsServerSidePreparedStatementsAreCapturedPreparedAndATextApplicationsAsText() throws Exception {
      Capture capture;
      try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
         Database serverSide = database.with(new DriverProps("server", Map.of("useServerPrepStmts", "true")));
         try (Connection c = serverSide.connect();
              PreparedStatement ps = c.prepareStatement("SELECT v FROM prep_items WHERE id = ? AND note <> ?")) {
            for (int id : new int[] {7, 8}) {
               ps.setInt(1, id);
               ps.setString(2, "x");
               ps.executeQuery().close();
            }
         }
         try (Connection c = database.connect(); Statement st = c.createStatement();
              PreparedStatement ps = c.prepareStatement("SELECT v FROM prep_items WHERE id = ?")) {
            st.executeQuery("SELECT v FROM prep_items WHERE id = 9").close();
            ps.setInt(1, 10);
            ps.executeQuery().close();
            st.execute("PREPARE s1 FROM 'SELECT note FROM prep_items WHERE id = ?'");
            st.execute("SET @a = 11");
            st.execute("EXECUTE s1 USING @a");
         }
         log.stop();
         capture = log.read();
      }
      List<String> sent = capture.statements().stream().filter(s -> s.text().contains("FROM prep_items"))
            .map(s -> (s.prepared() ? "p " : "t ") + s.text()).toList();
      assertEquals(List.of("p SELECT v FROM prep_items WHERE id = 7 AND note <> 'x'",
            "p SELECT v FROM prep_items WHERE id = 8 AND note <> 'x'",
            "t SELECT v FROM prep_items WHERE id = 9",
            "t SELECT v FROM prep_items WHERE id = 10",
            "t PREPARE s1 FROM 'SELECT note FROM prep_items WHERE id = ?'",
            "t SELECT note FROM prep_items WHERE id = 11"), sent);
   }

   /** {@code transactions} transactions of a point and a range select each, sent prepared or as text. */
   private static Replay replay(int transactions, boolean prepared) {
      List<CapturedStatement> statements = new ArrayList<>();
      for (int i = 0; i < transactions; i++) {
         long at = i * 1_000L;
         statements.add(new CapturedStatement(1, at, "START TRANSACTION"));
         statements.add(new CapturedStatement(1, at + 1, "SELECT v FROM prep_items WHERE id = " + (i % 100 + 1),
               prepared));
         statements.add(new CapturedStatement(1, at + 2, "SELECT note FROM prep_items WHERE id BETWEEN " + (i % 50)
               + " AND " + (i % 50 + 9) + " ORDER BY note", prepared));
         statements.add(new CapturedStatement(1, at + 3, "COMMIT"));
      }
      return Replay.of(new Capture("mysql", transactions * 1_000L, statements), "mysql");
   }

   /** The server's counts of prepared statements executed and prepared, every client's. */
   private static long[] counters() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                 + "WHERE VARIABLE_NAME IN ('COM_STMT_EXECUTE', 'COM_STMT_PREPARE') ORDER BY VARIABLE_NAME")) {
         long[] counts = new long[2];
         for (int i = 0; i < 2; i++) {
            assertTrue(rs.next(), "the server counts Com_stmt_execute and Com_stmt_prepare");
            counts[i] = rs.getLong(1);
         }
         return counts;
      }
   }

   /** Every request of {@code replay} sent on one read-only connection with the replay's driver properties. */
   private static ReplayWorkload replayed(Replay replay) throws SQLException {
      ReplayWorkload workload = new ReplayWorkload("prepared", replay.requests(), "mysql", true, ReplayGaps.NONE);
      try (Connection c = database.with(replay.driverProps(database.url())).readOnly().connect()) {
         for (int i = 0; i < replay.requests().size(); i++) {
            workload.run(c);
         }
      }
      return workload;
   }

   @Test
   void aReplayOfPreparedStatementsExecutesThemAtTheServerEachTextPreparedOnceAndATextReplayExecutesNone()
         throws Exception {
      Replay prepared = replay(100, true);
      assertEquals(200, prepared.prepared());
      long[] before = counters();
      assertEquals(new ReplayWorkload.Failures(100, 0, null), replayed(prepared).failures());
      long[] after = counters();
      assertEquals(200, after[0] - before[0], "Com_stmt_execute: each prepared statement executed as one");
      assertEquals(2, after[1] - before[1], "Com_stmt_prepare: each of the two texts prepared once, then cached");

      Replay text = replay(100, false);
      assertEquals(0, text.prepared());
      before = counters();
      assertEquals(100, replayed(text).failures().sent());
      after = counters();
      assertEquals(0, after[0] - before[0], "Com_stmt_execute: a text replay executes no prepared statement");
      assertEquals(0, after[1] - before[1], "Com_stmt_prepare: and prepares none");
   }

   @Test
   void aPreparedWriteOnAReadOnlyReplayFailsNamingItsShapeAndItsTransactionIsRolledBack() throws Exception {
      Replay replay = Replay.of(new Capture("mysql", 100, List.of(new CapturedStatement(1, 0, "BEGIN"),
            new CapturedStatement(1, 10, "UPDATE prep_items SET v = 5 WHERE id = 3", true),
            new CapturedStatement(1, 20, "COMMIT"))), "mysql");
      ReplayWorkload workload = new ReplayWorkload("write", replay.requests(), "mysql", true, ReplayGaps.NONE);
      try (Connection c = database.with(replay.driverProps(database.url())).readOnly().connect()) {
         SQLException e = assertThrows(SQLException.class, () -> workload.run(c));
         assertTrue(e.getMessage().startsWith("a write refused on the replay's read-only session (-Dreplay.writes=true"
               + " replays writes, against a copy of the data): UPDATE prep_items SET v = ? WHERE id = ?: "),
               e.getMessage());
         try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT @@in_transaction")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "rolled back: the connection is out of its transaction");
         }
      }
      assertEquals(1, workload.failures().failed());
   }

   @Test
   void theDriverPropertiesServerSideAndCachedForMysqlNoneForPostgresqlAndTheUrlsOwnWin() {
      Replay replay = replay(3, true);
      assertEquals("useServerPrepStmts=true, cachePrepStmts=true, prepStmtCacheSize=250, prepStmtCacheSqlLimit=2048",
            replay.driverProps("jdbc:mysql://db:3306/shop").describe());
      assertEquals("useServerPrepStmts=true, prepStmtCacheSize=250",
            replay.driverProps("jdbc:mariadb://db:3306/shop?cachePrepStmts=false").describe());
      assertEquals(DriverProps.DEFAULT, replay(3, false).driverProps("jdbc:mysql://db:3306/shop"));
      assertEquals(DriverProps.DEFAULT, replay.driverProps("jdbc:postgresql://db/shop"));
   }
}
