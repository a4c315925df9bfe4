package jdbcpoollab.endtoend;

import jdbcpoollab.capture.Capture;
import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.CapturedStatement;
import jdbcpoollab.capture.PostgresLog;
import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.Replay;
import jdbcpoollab.capture.ShapeCount;
import jdbcpoollab.capture.TrafficOfKnownShape;
import jdbcpoollab.db.Database;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.PostgresServer;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same traffic of a known shape on the tests' PostgreSQL, captured by {@code -Dsim=Capture} from its server log
 * (switched on and off with ALTER SYSTEM and a reload, as docs/replay.md says) and replayed at speed 1 on pool 16.
 * Skipped, with the reason, where the tests' PostgreSQL is not available.
 */
@RunsAlone("the speed-1 replay must send the captured requests per second within 5%")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CapturePostgresTest {
   private static final Class<?> CAPTURE = jdbcpoollab.simulations.Capture.class;
   private PostgresServer server;
   private Database database;
   private final TrafficOfKnownShape traffic = new TrafficOfKnownShape(150, 24, 25);
   private GatlingRun.Result capture;
   private GatlingRun.Result replay;
   private String prefixDuring;

   @BeforeAll
   void captureAndReplay() throws Exception {
      server = PostgresServer.startOrSkip();
      database = server.database();
      TrafficOfKnownShape.prepare(database, "INT");
      logEveryStatement(true);
      try {
         capture = CaptureReplayIntegrationTest.captureWhile(CAPTURE, target(Map.of("seconds", "5", "capture.log",
               server.serverLog().toString())), () -> {
            prefixDuring = show("log_line_prefix");
            traffic.send(database, 3, List.of("SET application_name = 'capture-test'", "SHOW server_version"));
         });
      } finally {
         logEveryStatement(false);
      }
      replay = GatlingRun.run(jdbcpoollab.simulations.Replay.class, target(Map.of("capture",
            capture.folder().toString(), "pools", "16", "sloP99Ms", "1000", "replay.writes", "true",
            "replay.sameServer", "true")), false);
   }

   @AfterAll
   void stop() {
      if (server != null) {
         server.close();
      }
   }

   private Map<String, String> target(Map<String, String> more) {
      return CaptureReplayIntegrationTest.target(database, more);
   }

   private void logEveryStatement(boolean on) throws Exception {
      try (Connection c = DriverManager.getConnection(server.superuserUrl(), "postgres", server.password());
           Statement st = c.createStatement()) {
         if (on) {
            st.execute("ALTER SYSTEM SET log_statement = 'all'");
            st.execute("ALTER SYSTEM SET log_line_prefix = '" + PostgresLog.LINE_PREFIX + "'");
         } else {
            st.execute("ALTER SYSTEM RESET log_statement");
            st.execute("ALTER SYSTEM RESET log_line_prefix");
         }
         st.execute("SELECT pg_reload_conf()");
      }
      String wanted = on ? "all" : "none";
      long end = System.nanoTime() + 10_000_000_000L;
      while (!wanted.equals(show("log_statement")) && System.nanoTime() < end) {
         Thread.sleep(20);
      }
      assertEquals(wanted, show("log_statement"));
   }

   private String show(String setting) throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SHOW " + setting)) {
         rs.next();
         return rs.getString(1);
      }
   }

   @Test
   void theCaptureFromTheServerLogHasTheSentRequestsByShapeTheirRateAndHeldTimes() {
      assertEquals(0, capture.exitCode(), capture.console());
      assertEquals(PostgresLog.LINE_PREFIX, prefixDuring);
      CaptureReplayIntegrationTest.assertCaptured(capture.summary(), traffic);
      Capture captured = CaptureFile.read(capture.folder().resolve("capture.txt"));
      assertFalse(captured.statements().stream().anyMatch(s -> s.text().contains("$1")), "parameters bound");
      List<CapturedStatement> selects = captured.statements().stream()
            .filter(s -> s.text().startsWith("SELECT v FROM cap_items WHERE id = '")).toList();
      assertEquals(150, selects.size());
      assertTrue(selects.stream().allMatch(CapturedStatement::prepared), "the prepared selects are read as prepared");
      assertFalse(captured.statements().stream().anyMatch(s -> s.prepared() && s.text().contains("FOR UPDATE")),
            "the transactions' statements were sent as text");
      Profile profile = Profile.of(captured);
      List<String> chatter = profile.chatter().stream().map(ShapeCount::shape).toList();
      assertTrue(chatter.containsAll(List.of("SET application_name = ?", "SHOW server_version")), chatter.toString());
      assertFalse(profile.shapes().stream().anyMatch(s -> s.shape().startsWith("SET")), profile.shapes().toString());
      assertTrue(Replay.of(captured, database.dialect().name()).writes());
   }

   @Test
   void theReplayAtSpeedOneOnALargePoolSendsTheCapturedRateAndHoldsConnectionsAsLong() {
      assertEquals(0, replay.exitCode(), replay.console());
      CaptureReplayIntegrationTest.assertReplayed(replay, traffic);
   }

   @Test
   void theCaptureAndTheReplayEachWriteTheirPageWithTheNumbersOfTheirSummary() throws IOException {
      CaptureReplayPages.assertCapturePage(capture);
      CaptureReplayPages.assertReplayPage(replay);
   }

   @Test
   void aServerThatDoesNotLogEveryStatementIsToldHowInOneLine() {
      GatlingRun.Result refused = GatlingRun.run(CAPTURE, target(Map.of("seconds", "1", "capture.log",
            server.serverLog().toString())), false);
      assertEquals(64, refused.exitCode(), refused.console());
      assertTrue(refused.failure().contains("log_statement = 'all'") && refused.failure().contains("pg_reload_conf"),
            refused.failure());
   }
}
