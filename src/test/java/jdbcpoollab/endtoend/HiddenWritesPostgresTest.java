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

import java.io.IOException;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL: what got past the read-only guard without {@code -Dsql.writes} or {@code -Dreplay.writes}.
 * The session's read-only setting turned off by a {@code SET} in a file or by {@code set_config} with a computed
 * name, and large objects, which a read-only session lets a statement create, are refused in one line before any
 * load; a replayed function that deletes fails on the server, since Replay runs on read-only sessions too. The rows
 * and the large objects are what they were. Skipped, with the reason, where PostgreSQL cannot be had.
 */
class HiddenWritesPostgresTest {
   private static final int ROWS = 10;
   private static PostgresServer server;

   @TempDir
   Path tmp;

   @BeforeAll
   static void start() throws SQLException {
      server = PostgresServer.startOrSkip();
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE keep (id INTEGER PRIMARY KEY)");
         st.execute("CREATE FUNCTION del() RETURNS integer LANGUAGE plpgsql AS "
               + "'BEGIN DELETE FROM keep WHERE id IN (SELECT id FROM keep LIMIT 1); RETURN 1; END'");
      }
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @Test
   void theReadOnlySettingTurnedOffInAFileIsRefused() throws Exception {
      fill();
      Path file = Files.writeString(tmp.resolve("off.sql"), "SET \"default_transaction_read_only\" = off;\n"
            + "SELECT del();\n");
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom("@" + file), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Dsql=@" + file + " (SET "
            + "\"default_transaction_read_only\" = off): allowed is statements without transaction control"),
            run.failure());
      assertEquals(ROWS, count("SELECT COUNT(*) FROM keep"));
   }

   @Test
   void setConfigIsRefusedWhateverItsArguments() throws Exception {
      fill();
      String sql = "SELECT set_config('default_transaction_rea' || 'd_only', 'off', false); SELECT del()";
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom(sql), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Dsql=" + sql + ": allowed is "), run.failure());
      assertEquals(ROWS, count("SELECT COUNT(*) FROM keep"));
   }

   @Test
   void largeObjectsAreRefused() throws Exception {
      int before = count("SELECT COUNT(*) FROM pg_largeobject_metadata");
      for (String sql : List.of("SELECT lo_create(0)", "SELECT lo_from_bytea(0, 'abc')")) {
         GatlingRun.Result run = GatlingRun.run(PoolSweep.class, custom(sql), false);
         assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
         assertTrue(run.failure().contains(": allowed is a statement that changes no session or server state"),
               run.failure());
         assertEquals(before, count("SELECT COUNT(*) FROM pg_largeobject_metadata"), sql);
      }
   }

   @Test
   void aReplayedFunctionThatDeletesFailsOnTheReadOnlySession() throws Exception {
      fill();
      List<CapturedStatement> statements = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
         statements.add(new CapturedStatement(1 + i % 2, i * 200_000L, "SELECT del()"));
      }
      GatlingRun.Result run = GatlingRun.run(Replay.class, replay(statements), false);
      assertEquals(Exit.NOTHING_MEASURED, run.exitCode(), run.console());
      assertTrue(run.console().contains(" × replay 1x pool=2: SQLException: a write refused on the replay's "
            + "read-only session (-Dreplay.writes=true replays writes, against a copy of the data): SELECT del(): "
            + "ERROR: cannot execute DELETE in a read-only transaction"), run.console());
      assertEquals(ROWS, count("SELECT COUNT(*) FROM keep"));
   }

   @Test
   void aReplayedSettingThatWouldTurnTheSessionReadWriteIsRefused() throws Exception {
      fill();
      List<CapturedStatement> statements = List.of(new CapturedStatement(1, 0, "SELECT set_config("
            + "'default_transaction_read_only', 'off', false)"), new CapturedStatement(1, 100_000, "SELECT del()"));
      GatlingRun.Result run = GatlingRun.run(Replay.class, replay(statements), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().contains(": the capture writes") && run.failure().contains("-Dreplay.writes=true"),
            run.failure());
      assertEquals(ROWS, count("SELECT COUNT(*) FROM keep"));
   }

   @Test
   void aReplayThatOnlyReadsRunsOnTheReadOnlySessions() throws Exception {
      List<CapturedStatement> statements = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
         long at = i * 250_000L;
         statements.addAll(List.of(new CapturedStatement(1, at, "BEGIN"),
               new CapturedStatement(1, at + 1_000, "SELECT COUNT(*) FROM keep"),
               new CapturedStatement(1, at + 2_000, "COMMIT"),
               new CapturedStatement(2, at + 3_000, "SELECT current_setting('default_transaction_read_only')")));
      }
      GatlingRun.Result run = GatlingRun.run(Replay.class, replay(statements), false);
      // Complete either way: 5 says only that a busy machine replayed the transactions slower than captured.
      assertTrue(run.exitCode() == 0 || run.exitCode() == Exit.PROVISIONAL, run.console());
      assertEquals(0, ((Number) run.steps().get(0).get("ko")).intValue(), run.console());
   }

   /** A Replay of a PostgreSQL capture of {@code statements}, taken from another server, without writes. */
   private Map<String, String> replay(List<CapturedStatement> statements) throws IOException {
      Path folder = Files.createDirectories(tmp.resolve("20260101-120000-Capture"));
      CaptureFile.write(folder.resolve("capture.txt"), new Capture("postgresql", 1_000_000L, statements));
      Files.writeString(folder.resolve("summary.json"), "{\"simulation\": \"Capture\", \"server\": \"elsewhere\"}");
      return target(Map.of("capture", folder.toString(), "pools", "2", "sloP99Ms", "1000"));
   }

   private static Map<String, String> custom(String sql) {
      return target(Map.of("workloads", "custom", "sql", sql, "pools", "1", "users", "1", "seconds", "0.3",
            "warmup", "0"));
   }

   private static Map<String, String> target(Map<String, String> more) {
      Map<String, String> options = new HashMap<>(more);
      options.putAll(server.target());
      return options;
   }

   private static void fill() throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("TRUNCATE keep");
         st.execute("INSERT INTO keep SELECT generate_series(1, " + ROWS + ")");
      }
   }

   private static int count(String query) throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery(query)) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
