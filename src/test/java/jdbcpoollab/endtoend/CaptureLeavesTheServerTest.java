package jdbcpoollab.endtoend;

import jdbcpoollab.capture.MySqlGeneralLog;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.Capture;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A capture leaves the embedded MariaDB's general log as it found it: after a capture killed with SIGKILL (the next
 * capture puts it back, and says so), beside a capture already under way (refused), and it says when someone else
 * switched the log off while it captured.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CaptureLeavesTheServerTest {
   private static final List<String> OFF = List.of("0", "FILE");
   /** The general log's settings as a capture found them, in its run folder (LogState.FILE). */
   private static final String STATE = "general-log.state";
   private EmbeddedMariaDb server;
   private Database database;
   @TempDir
   Path tmp;

   @BeforeAll
   void start() throws SQLException {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
   }

   @AfterAll
   void stop() {
      if (server != null) {
         server.close();
      }
   }

   @BeforeEach
   void logOff() throws SQLException {
      execute("SET GLOBAL general_log = OFF", "SET GLOBAL log_output = 'FILE'");
   }

   private void execute(String... statements) throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         for (String s : statements) {
            st.execute(s);
         }
      }
   }

   private List<String> logSettings() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
         rs.next();
         return List.of(rs.getString(1), rs.getString(2));
      }
   }

   /** A capture's options, its results in the test's own folder. */
   private Map<String, String> capture(String seconds) {
      Map<String, String> options = new HashMap<>(CaptureReplayIntegrationTest.target(database,
            Map.of("seconds", seconds)));
      options.put("lab.results", tmp.toString());
      options.put("lab.gatlingResults", tmp.resolve("gatling").toString());
      return options;
   }

   @Test
   void theCaptureAfterOneKilledWithSigkillPutsTheLogBackAsTheKilledOneFoundItAndSaysSo() throws Exception {
      Path killedFolder;
      Map<String, String> options = capture("60");
      options.put("lab.home", EmbeddedMariaDb.defaultHome().toString());
      try (LabProcess killed = LabProcess.gatling(Capture.class, options, Map.of(), tmp.resolve("killed.log"))) {
         killed.awaitOutput("[1/1] capture: the general log", Duration.ofMinutes(2));
         assertEquals(List.of("1", "FILE,TABLE"), logSettings());
         killed.signal("KILL");
         assertEquals(137, killed.waitFor(Duration.ofSeconds(30)));
         String out = killed.output();
         Matcher folder = Pattern.compile("results go to (\\S+)").matcher(out);
         assertTrue(folder.find(), out);
         killedFolder = Path.of(folder.group(1));
      }
      assertEquals(List.of("1", "FILE,TABLE"), logSettings(), "SIGKILL leaves the log on");
      assertTrue(Files.exists(killedFolder.resolve(STATE)), "noted before it was switched");

      GatlingRun.Result next = GatlingRun.run(Capture.class, capture("1"), false);
      assertEquals(0, next.exitCode(), next.console());
      assertTrue(next.console().contains("jdbc-pool-lab: put the general log back as the capture "
            + killedFolder.getFileName() + " found it (general_log OFF, log_output FILE)"), next.console());
      assertEquals(OFF, logSettings(), "as the killed capture found it, not as it left it");
      assertFalse(Files.exists(killedFolder.resolve(STATE)));
      assertFalse(Files.exists(next.folder().resolve(STATE)), "removed once put back");
   }

   @Test
   void aSecondCaptureOfTheServerWhileOneIsUnderWayIsRefusedInOneLine() throws Exception {
      try (MySqlGeneralLog first = MySqlGeneralLog.start(database)) {
         GatlingRun.Result second = GatlingRun.run(Capture.class, capture("1"), false);
         assertEquals(75, second.exitCode(), second.console());
         assertTrue(second.failure().startsWith("jdbc-pool-lab: another capture (connection "), second.failure());
         assertFalse(second.failure().contains("\n"), second.failure());
         assertEquals(List.of("1", "FILE,TABLE"), logSettings(), "the first one's, untouched");
      }
      assertEquals(OFF, logSettings());
   }

   @Test
   void aLogSwitchedOffDuringTheCaptureIsSaidInItsSummaryAndOnTheConsole() throws Exception {
      GatlingRun.Result run = CaptureReplayIntegrationTest.captureWhile(Capture.class,
            CaptureReplayIntegrationTest.target(database, Map.of("seconds", "4")),
            () -> execute("SET GLOBAL general_log = OFF"));
      assertEquals(0, run.exitCode(), run.console());
      String said = (String) run.summary().get("logSwitched");
      assertTrue(said != null && said.startsWith("the general log was switched by someone else during the capture: "
            + "general_log OFF"), run.summary().toString());
      assertTrue(run.console().contains(said), run.console());
      Matcher off = Pattern.compile("for about ([0-9.]+) of the capture's ([0-9.]+) s").matcher(said);
      assertTrue(off.find(), said);
      assertTrue(Double.parseDouble(off.group(1)) >= 0.5 * Double.parseDouble(off.group(2)), said);
      assertTrue(Files.readString(run.folder().resolve("summary.md")).contains(said));
      assertEquals(OFF, logSettings());
   }
}
