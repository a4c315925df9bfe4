package jdbcpoollab.endtoend;

import jdbcpoollab.capture.Capture;
import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.CapturedStatement;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.simulations.Replay;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.endtoend.WriteGuardMariaDbTest.rowsWritten;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #50 on PostgreSQL: the guard is the server's, not the text's. A function that turns its session read-write
 * with {@code set_config('default_transaction_read_only', 'off', false)} passes the text check ({@code SELECT f()});
 * the try before the load sees the session turned and ends the run in one line (exit 64), its setting rolled back. A
 * function that waits for its third call on a session gets past the try: the server's own count of rows deleted
 * ({@code pg_stat_database}) stops the step and ends the run with exit 64, naming the statement, in a sweep of a
 * custom statement as in a replay. A read-only step that only reads counts none. Skipped, with the reason, where PostgreSQL cannot be had.
 */
class WriteGuardPostgresTest {
   private static final int ROWS = 20_000;
   private static PostgresServer server;

   @BeforeAll
   static void start() throws SQLException {
      server = PostgresServer.startOrSkip();
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE guard_rows (id INTEGER PRIMARY KEY)");
         st.execute("CREATE FUNCTION turn_now() RETURNS integer LANGUAGE plpgsql AS $$BEGIN "
               + "PERFORM set_config('default_transaction_read_only', 'off', false); RETURN 1; END$$");
         // first call on a session: nothing; second: the session turned read-write; third on: a row deleted
         st.execute("CREATE FUNCTION turn_later() RETURNS integer LANGUAGE plpgsql AS $$DECLARE n integer := "
               + "coalesce(nullif(current_setting('guard.calls', true), ''), '0')::integer + 1; BEGIN "
               + "PERFORM set_config('guard.calls', n::text, false); "
               + "IF n = 2 THEN PERFORM set_config('default_transaction_read_only', 'off', false); END IF; "
               + "IF n > 2 THEN DELETE FROM guard_rows WHERE id = (SELECT min(id) FROM guard_rows); END IF; "
               + "RETURN n; END$$");
      }
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @Test
   void aFunctionThatTurnsTheSessionReadWriteIsStoppedBeforeTheLoad() throws SQLException {
      fill();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom("SELECT turn_now()", "1", "1"), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Dsql: it turns its read-only session "
            + "read-write"), run.failure());
      assertEquals(ROWS, count());
   }

   @Test
   void aFunctionThatDeletesFromItsThirdCallStopsTheStep() throws SQLException {
      fill();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom("SELECT turn_later()", "1,2", "5"), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: a read-only step wrote rows: custom pool=1 ran SELECT "
            + "turn_later(), and the server counted "), run.console());
      long deleted = ((Number) rowsWritten(run.step("custom", 1)).get("tup_deleted")).longValue();
      assertTrue(deleted > 0 && deleted == ROWS - count(), deleted + " counted, " + (ROWS - count()) + " deleted");
      assertTrue(((String) run.summary().get("error")).startsWith("a read-only step wrote rows: custom pool=1"));
   }

   @Test
   void aReplayedFunctionThatDeletesFromItsThirdCallStopsTheReplay(@TempDir Path tmp) throws Exception {
      fill();
      List<CapturedStatement> statements = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
         statements.add(new CapturedStatement(1 + i % 2, i * 10_000L, "SELECT turn_later()"));
      }
      Path folder = Files.createDirectories(tmp.resolve("20260101-120000-Capture"));
      CaptureFile.write(folder.resolve("capture.txt"), new Capture("postgresql", 4_000_000L, statements));
      Files.writeString(folder.resolve("summary.json"), "{\"simulation\": \"Capture\", \"server\": \"elsewhere\"}");
      Map<String, String> options = new HashMap<>(Map.of("capture", folder.toString(), "pools", "2",
            "sloP99Ms", "1000"));
      options.putAll(server.target());
      GatlingRun.Result run = GatlingRun.run(Replay.class, options, false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: a read-only step wrote rows: replay 1x pool=2 ran SELECT "
            + "turn_later(), and the server counted "), run.console());
      assertTrue(ROWS - count() > 0, "the rows deleted before the reading stay deleted");
   }

   @Test
   void aStepThatOnlyReadsCountsNoRowsWritten() throws SQLException {
      fill();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom("SELECT count(*) FROM guard_rows", "1", "1"),
            false);
      assertEquals(0, run.exitCode(), run.console());
      assertEquals(Map.of("tup_inserted", 0, "tup_updated", 0, "tup_deleted", 0),
            rowsWritten(run.step("custom", 1)));
      assertTrue(run.console().contains("jdbc-pool-lab: the lab's account lab can write on PostgreSQL "),
            run.console());
   }

   private static Map<String, String> custom(String sql, String pools, String seconds) {
      Map<String, String> options = new HashMap<>(Map.of("workloads", "custom", "sql", sql, "pools", pools,
            "users", "1", "seconds", seconds, "warmup", "0"));
      options.putAll(server.target());
      return options;
   }

   private static void fill() throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("TRUNCATE guard_rows");
         st.execute("INSERT INTO guard_rows SELECT generate_series(1, " + ROWS + ")");
      }
   }

   private static int count() throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM guard_rows")) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
