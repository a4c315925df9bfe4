package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static jdbcpoollab.capture.MySqlGeneralLogTest.assertWithin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A capture of traffic of a known shape from the tests' PostgreSQL's log, switched on and off without a restart. */
class PostgresLogCaptureTest {
   private static PostgresServer server;
   private static Database database;

   @BeforeAll
   static void start() throws SQLException {
      server = PostgresServer.startOrSkip();
      database = new Database(server.url(), PostgresServer.USER, server.password());
      TrafficOfKnownShape.prepare(database, "INT");
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   /** As docs/replay.md says: ALTER SYSTEM and a reload, then a new session sees the settings. */
   private static void logSettings(String statement, String prefix) throws Exception {
      try (Connection c = superuser(); Statement st = c.createStatement()) {
         if (statement == null) {
            st.execute("ALTER SYSTEM RESET log_statement");
            st.execute("ALTER SYSTEM RESET log_line_prefix");
         } else {
            st.execute("ALTER SYSTEM SET log_statement = '" + statement + "'");
            st.execute("ALTER SYSTEM SET log_line_prefix = '" + prefix + "'");
         }
         st.execute("SELECT pg_reload_conf()");
      }
      String wanted = statement == null ? "none" : statement;
      long end = System.nanoTime() + 10_000_000_000L;
      while (!wanted.equals(show("log_statement")) && System.nanoTime() < end) {
         Thread.sleep(20);
      }
      assertEquals(wanted, show("log_statement"));
   }

   private static Connection superuser() throws SQLException {
      return DriverManager.getConnection(server.superuserUrl(), "postgres", server.password());
   }

   private static String show(String setting) throws SQLException {
      try (Connection c = superuser(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SHOW " + setting)) {
         rs.next();
         return rs.getString(1);
      }
   }

   @Test
   void aCaptureOfKnownTrafficFromTheLogHasItsShapesRateAndHeldTimes() throws Exception {
      TrafficOfKnownShape traffic = new TrafficOfKnownShape(150, 24, 25);
      logSettings("all", PostgresLog.LINE_PREFIX);
      long from;
      long to;
      try {
         assertEquals(PostgresLog.LINE_PREFIX, show("log_line_prefix"));
         from = System.currentTimeMillis() * 1000;
         traffic.send(database, 3, List.of("SET application_name = 'capture-test'", "SHOW server_version"));
         to = System.currentTimeMillis() * 1000;
      } finally {
         logSettings(null, null);
      }
      Capture capture = PostgresLog.parse(Files.readAllLines(server.serverLog(), StandardCharsets.UTF_8), from, to);
      Profile profile = Profile.of(capture);
      assertWithin(150, profile.count(TrafficOfKnownShape.SELECT), 0.05, "autocommit selects, bound parameters");
      for (String shape : List.of(TrafficOfKnownShape.LOCK, TrafficOfKnownShape.UPDATE, TrafficOfKnownShape.INSERT)) {
         assertWithin(24, profile.count(shape), 0.05, shape);
      }
      assertEquals(174, profile.requests(), profile.shapes().toString());
      assertFalse(capture.statements().stream().anyMatch(s -> s.text().contains("$1")), "parameters bound");
      assertWithin(traffic.sentRate(), profile.arrivalRate(), 0.05, "arrival rate");
      assertWithin(Profile.median(traffic.heldMicros), Profile.median(profile.heldMicros()), 0.20, "held time");
      List<String> chatter = profile.chatter().stream().map(ShapeCount::shape).toList();
      assertTrue(chatter.containsAll(List.of("SET application_name = ?", "SHOW server_version")), chatter.toString());
      assertFalse(profile.shapes().stream().anyMatch(s -> s.shape().startsWith("SET")), profile.shapes().toString());
      assertTrue(Replay.of(capture, database.dialect().name()).writes());
   }
}
