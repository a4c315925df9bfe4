package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A capture of traffic of a known shape from the embedded MariaDB's general log, and the log's settings after. */
class MySqlGeneralLogTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   @BeforeAll
   static void start() throws SQLException {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
      TrafficOfKnownShape.prepare(database, "INT");
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   private static List<String> logSettings() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
         rs.next();
         return List.of(rs.getString(1), rs.getString(2));
      }
   }

   @Test
   void aCaptureOfKnownTrafficHasItsShapesRateAndHeldTimes(@TempDir Path dir) throws Exception {
      List<String> before = logSettings();
      TrafficOfKnownShape traffic = new TrafficOfKnownShape(150, 24, 25);
      Capture capture;
      try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
         assertEquals(List.of("1", "FILE,TABLE"), logSettings(), "on, to the table beside the file");
         traffic.send(database, 3, List.of("SET NAMES utf8mb4", "SELECT @@version"));
         log.stop();
         assertEquals(before, logSettings(), "restored when the capture stopped");
         capture = log.read();
      }
      assertEquals(before, logSettings());
      Path file = dir.resolve("capture.txt");
      CaptureFile.write(file, capture);
      assertEquals(capture, CaptureFile.read(file));

      Profile profile = Profile.of(capture);
      assertWithin(150, profile.count(TrafficOfKnownShape.SELECT), 0.05, "autocommit selects");
      for (String shape : List.of(TrafficOfKnownShape.LOCK, TrafficOfKnownShape.UPDATE, TrafficOfKnownShape.INSERT)) {
         assertWithin(24, profile.count(shape), 0.05, shape);
      }
      assertEquals(174, profile.requests(), profile.shapes().toString());
      assertWithin(traffic.sentRate(), profile.arrivalRate(), 0.05, "arrival rate");
      assertWithin(Profile.median(traffic.heldMicros), Profile.median(profile.heldMicros()), 0.20, "held time");
      assertTrue(Profile.median(profile.heldMicros()) >= 2 * traffic.pauseMillis * 1000, "at least the pauses");
      assertEquals(List.of(3), profile.transactionLengths().stream().distinct().toList());
      List<String> chatter = profile.chatter().stream().map(ShapeCount::shape).toList();
      assertTrue(chatter.containsAll(List.of("SET NAMES utf8mb4", "SELECT @@version")), chatter.toString());
      assertTrue(chatter.stream().anyMatch(s -> s.equalsIgnoreCase("SET autocommit=?")), chatter.toString());
      assertTrue(profile.chatterCount() >= 4, "ours, the driver's connect-time queries and autocommit switched");
      assertFalse(profile.shapes().stream().anyMatch(s -> s.shape().contains("@@") || s.shape().startsWith("SET")),
            profile.shapes().toString());
      Replay replay = Replay.of(capture, database.dialect().name());
      assertTrue(replay.writes());
      assertEquals(profile.chatterCount(), replay.chatter());
   }

   @Test
   void theSettingsAreRestoredAfterAFailureAndAnInterrupt() throws Exception {
      List<String> before = logSettings();
      assertThrows(IllegalStateException.class, () -> {
         try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
            assertEquals("1", logSettings().get(0));
            throw new IllegalStateException("reading failed");
         }
      });
      assertEquals(before, logSettings());
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread capturing = new Thread(() -> {
         try {
            MySqlGeneralLog.capture(database, Duration.ofSeconds(30));
         } catch (Throwable t) {
            thrown.set(t);
         }
      });
      capturing.start();
      long end = System.nanoTime() + 10_000_000_000L;
      while (!"1".equals(logSettings().get(0)) && System.nanoTime() < end) {
         Thread.sleep(20);
      }
      capturing.interrupt();
      capturing.join(10_000);
      assertInstanceOf(InterruptedException.class, thrown.get());
      assertEquals(before, logSettings());
   }

   @Test
   void aUserWithoutThePrivilegeIsToldSoInOneLine() throws Exception {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         // the embedded server starts with --skip-grant-tables: FLUSH PRIVILEGES checks privileges until a restart
         st.execute("FLUSH PRIVILEGES");
         st.execute("CREATE OR REPLACE USER 'root'@'127.0.0.1'");
         st.execute("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
         st.execute("CREATE OR REPLACE USER 'cap_plain'@'%' IDENTIFIED BY 'cap-pw-1'");
         st.execute("GRANT SELECT ON demo.* TO 'cap_plain'@'%'");
      }
      List<String> before = logSettings();
      CaptureException e = assertThrows(CaptureException.class,
            () -> MySqlGeneralLog.start(new Database(database.url(), "cap_plain", "cap-pw-1")));
      assertEquals(CaptureException.Reason.PRIVILEGE, e.reason());
      assertTrue(e.getMessage().startsWith("user cap_plain may not switch the general log or read mysql.general_log: "
            + "a capture needs SUPER"), e.getMessage());
      assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("cap-pw-1"), e.getMessage());
      assertEquals(before, logSettings());
   }

   static void assertWithin(double expected, double actual, double fraction, String what) {
      assertTrue(Math.abs(actual - expected) <= fraction * expected,
            what + ": " + actual + " is not within " + (int) (fraction * 100) + "% of " + expected);
   }
}
