package jdbcpoollab.endtoend;

import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.MySqlGeneralLog;
import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ShapeCount;
import jdbcpoollab.capture.TrafficOfKnownShape;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.ReplayOptions;
import jdbcpoollab.simulations.Capture;
import jdbcpoollab.simulations.Replay;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traffic of a known shape from plain threads at fixed rates on the embedded MariaDB (autocommit selects, and
 * transactions of three statements with known pauses), captured by {@code -Dsim=Capture} from the general log and
 * replayed by {@code -Dsim=Replay} at speeds 1, 2 and 4 on pools 1 and 16: one capture, one replay.
 */
@RunsAlone("the speed-1 replay must send the captured requests per second within 5%")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CaptureReplayIntegrationTest {
   private static final int SELECTS = 150;
   private static final int TRANSACTIONS = 24;
   private EmbeddedMariaDb server;
   private Database database;
   private final TrafficOfKnownShape traffic = new TrafficOfKnownShape(SELECTS, TRANSACTIONS, 25);
   private List<String> settingsBefore;
   private List<String> settingsDuring;
   private GatlingRun.Result capture;
   private GatlingRun.Result replay;
   /** What the server received during the replay, every step's, read from its general log as a capture reads it. */
   private Profile replayedOnServer;

   @BeforeAll
   void captureAndReplay() throws Exception {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 100);
      database = server.start();
      TrafficOfKnownShape.prepare(database, "INT");
      settingsBefore = logSettings();
      capture = captureWhile(Capture.class, target(Map.of("seconds", "5")), () -> {
         settingsDuring = logSettings();
         traffic.send(database, 3, List.of("SET NAMES utf8mb4", "SELECT @@version"));
      });
      try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
         replay = GatlingRun.run(Replay.class, target(Map.of("capture", capture.folder().toString(), "speed",
               "1,2,4", "pools", "1,16", "sloP99Ms", "400", "replay.writes", "true", "replay.sameServer", "true")),
               false);
         log.stop();
         replayedOnServer = Profile.of(log.read());
      }
   }

   @AfterAll
   void stop() {
      if (server != null) {
         server.close();
      }
   }

   private Map<String, String> target(Map<String, String> more) {
      return target(database, more);
   }

   /** {@code more} and the options that name {@code database} as a run's target. */
   static Map<String, String> target(Database database, Map<String, String> more) {
      Map<String, String> options = new HashMap<>(more);
      options.put("db.url", database.url());
      options.put("db.user", database.user());
      if (database.password() != null && !database.password().isEmpty()) {
         options.put("db.password", database.password());
      }
      return options;
   }

   /** The traffic sent on threads of its own once the Capture run's statement log is on, while the run captures. */
   static GatlingRun.Result captureWhile(Class<?> simulation, Map<String, String> options, Sender traffic)
         throws Exception {
      Path results = Path.of(System.getProperty("lab.results"));
      Set<Path> before = captureFolders(results);
      AtomicReference<Exception> failed = new AtomicReference<>();
      Thread sender = new Thread(() -> {
         try {
            long end = System.nanoTime() + 60_000_000_000L;
            while (captureFolders(results).stream().filter(f -> !before.contains(f))
                  .noneMatch(f -> Files.exists(f.resolve("summary.json"))) && System.nanoTime() < end) {
               Thread.sleep(20);
            }
            Thread.sleep(700);
            traffic.send();
         } catch (Exception e) {
            failed.set(e);
         }
      }, "traffic-to-capture");
      sender.start();
      GatlingRun.Result run = GatlingRun.run(simulation, options, false);
      sender.join();
      if (failed.get() != null) {
         throw failed.get();
      }
      return run;
   }

   interface Sender {
      void send() throws Exception;
   }

   private static Set<Path> captureFolders(Path results) {
      if (!Files.isDirectory(results)) {
         return Set.of();
      }
      try (Stream<Path> folders = Files.list(results)) {
         return folders.filter(f -> f.getFileName().toString().endsWith("-Capture")).collect(Collectors.toSet());
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   private List<String> logSettings() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
         rs.next();
         return List.of(rs.getString(1), rs.getString(2));
      }
   }

   @Test
   void theCaptureHasTheSentRequestsByShapeTheirRateAndHeldTimesAndPutsTheLogBack() throws Exception {
      assertEquals(0, capture.exitCode(), capture.console());
      assertEquals(List.of("1", "FILE,TABLE"), settingsDuring, "on, to the table beside the file");
      assertEquals(settingsBefore, logSettings(), "restored when the capture stopped");
      assertCaptured(capture.summary(), traffic);
      Path file = capture.folder().resolve("capture.txt");
      jdbcpoollab.capture.Capture captured = CaptureFile.read(file);
      assertEquals(Files.readString(file), CaptureFile.text(captured), "written as the format says, read back whole");
      assertTrue(Files.readString(file).startsWith("jdbc-pool-lab capture 2 mysql "));
      String md = Files.readString(capture.folder().resolve("summary.md"));
      assertTrue(md.contains("## Statements by shape") && md.contains(TrafficOfKnownShape.UPDATE), md);

      Profile profile = Profile.of(captured);
      assertTrue(Profile.median(profile.heldMicros()) >= 2 * 25 * 1000, "at least the pauses");
      assertEquals(List.of(3), profile.transactionLengths().stream().distinct().toList());
      List<String> chatter = profile.chatter().stream().map(ShapeCount::shape).toList();
      assertTrue(chatter.containsAll(List.of("SET NAMES utf8mb4", "SELECT @@version")), chatter.toString());
      assertTrue(chatter.stream().anyMatch(s -> s.equalsIgnoreCase("SET autocommit=?")), chatter.toString());
      assertTrue(profile.chatterCount() >= 4, "ours, the driver's connect-time queries and autocommit switched");
      assertEquals(profile.chatterCount(), capture.summary().get("chatterStatements"));
      assertFalse(profile.shapes().stream().anyMatch(s -> s.shape().contains("@@") || s.shape().startsWith("SET")),
            profile.shapes().toString());
      jdbcpoollab.capture.Replay asReplayed = jdbcpoollab.capture.Replay.of(captured, database.dialect().name());
      assertTrue(asReplayed.writes());
      assertEquals(profile.chatterCount(), asReplayed.chatter());
   }

   /** The capture's summary.json against what was sent: counts by shape and the rate within 5%, held time 20%. */
   @SuppressWarnings("unchecked")
   static void assertCaptured(Map<String, Object> summary, TrafficOfKnownShape traffic) {
      assertEquals(SELECTS + TRANSACTIONS, summary.get("requests"), summary.toString());
      assertEquals(SELECTS + 3 * TRANSACTIONS, summary.get("statements"), summary.toString());
      Map<String, Integer> byShape = ((List<Map<String, Object>>) summary.get("shapes")).stream()
            .collect(Collectors.toMap(s -> (String) s.get("shape"), s -> ((Number) s.get("count")).intValue()));
      within(SELECTS, byShape.getOrDefault(TrafficOfKnownShape.SELECT, 0), 0.05, "selects " + byShape);
      for (String shape : List.of(TrafficOfKnownShape.LOCK, TrafficOfKnownShape.UPDATE, TrafficOfKnownShape.INSERT)) {
         within(TRANSACTIONS, byShape.getOrDefault(shape, 0), 0.05, shape + " " + byShape);
      }
      within(traffic.sentRate(), number(summary, "arrivalRate"), 0.05, "arrival rate");
      within(Profile.median(traffic.heldMicros) / 1e3, number(summary, "heldMedianMs"), 0.20, "held time");
      assertTrue(number(summary, "seconds") >= 3, summary.toString());
      assertEquals(true, summary.get("writes"));
   }

   @Test
   void theReplayAtSpeedOneOnALargePoolSendsTheCapturedRateAndHoldsConnectionsAsLong() {
      assertEquals(0, replay.exitCode(), replay.console());
      assertReplayed(replay, traffic);
   }

   /** The speed-1 step on pool 16 against what was sent: requests per second within 5%, held time within 20%. */
   static void assertReplayed(GatlingRun.Result replay, TrafficOfKnownShape traffic) {
      Map<String, Object> step = replay.step("replay 1x", 16);
      within(SELECTS + TRANSACTIONS, ((Number) step.get("ok")).intValue(), 0.05, "requests replayed " + step);
      within(traffic.sentRate(), number(step, "throughput"), 0.05, "replayed rate " + step);
      within(Profile.median(traffic.heldMicros) / 1e3, number(step, "heldMedianMs"), 0.20, "replayed held " + step);
      assertEquals(1.0, step.get("speed"));
   }

   @Test
   void theServerReceivesTheSentShapesInTheirSentSharesAndTransactionsOfTheirLength() {
      List<String> shapes = List.of(TrafficOfKnownShape.SELECT, TrafficOfKnownShape.LOCK, TrafficOfKnownShape.UPDATE,
            TrafficOfKnownShape.INSERT);
      double replayed = shapes.stream().mapToInt(replayedOnServer::count).sum();
      // pool 1 at 2x and 4x may drop the requests still queued at the window's close; the other four replay all
      assertTrue(replayed >= 4 * (SELECTS + 3 * TRANSACTIONS), "the steps' requests " + replayedOnServer.shapes());
      for (String shape : shapes) {
         int sent = shape.equals(TrafficOfKnownShape.SELECT) ? SELECTS : TRANSACTIONS;
         within((double) sent / (SELECTS + 3 * TRANSACTIONS), replayedOnServer.count(shape) / replayed, 0.05,
               "the share of " + shape + " replayed " + replayedOnServer.shapes());
      }
      assertEquals(List.of(3), replayedOnServer.transactionLengths().stream().distinct().toList());
   }

   @Test
   @SuppressWarnings("unchecked")
   void eachSpeedGetsAPoolAndTheHeadroomIsSaidPlainly() {
      List<Map<String, Object>> answers = (List<Map<String, Object>>) replay.summary().get("answers");
      assertEquals(List.of(1.0, 2.0, 4.0), answers.stream().map(a -> a.get("speed")).toList(), answers.toString());
      answers.forEach(a -> assertNotNull(a.get("pool"), a.toString()));
      assertEquals(6, replay.steps().size());
      double one = number(replay.step("replay 1x", 16), "rate");
      within(2 * one, number(replay.step("replay 2x", 16), "rate"), 0.01, "the rate at 2x");
      within(4 * one, number(replay.step("replay 4x", 16), "rate"), 0.01, "the rate at 4x");
      String headroom = (String) replay.summary().get("headroom");
      assertTrue(headroom.startsWith("pool ") && headroom.contains("serves today's traffic with P99")
            && headroom.contains("at 2x it needs pool") && headroom.contains("at 4x"), headroom);
      assertTrue(replay.console().contains("Headroom: " + headroom), replay.console());
   }

   @Test
   void theCaptureAndTheReplayEachWriteTheirPageWithTheNumbersOfTheirSummary() throws IOException {
      CaptureReplayPages.assertCapturePage(capture);
      CaptureReplayPages.assertReplayPage(replay);
   }

   @Test
   void aReplayOfWritesOrAgainstTheCapturedServerMustBeAskedFor() {
      Properties given = new Properties();
      given.putAll(target(Map.of("capture", capture.folder().toString(), "lab.results",
            System.getProperty("lab.results"))));
      OptionException writes = assertThrows(OptionException.class,
            () -> ReplayOptions.from(new Options(given, Map.of())));
      assertTrue(writes.getMessage().contains("the capture writes") && writes.getMessage()
            .contains("-Dreplay.writes=true"), writes.getMessage());
      GatlingRun.Result same = GatlingRun.run(Replay.class, target(Map.of("capture", capture.folder().toString(),
            "replay.writes", "true")), false);
      assertEquals(64, same.exitCode(), same.console());
      assertTrue(same.failure().contains("the server the capture")
            && same.failure().contains("-Dreplay.sameServer=true"), same.failure());
      assertEquals("failed", same.summary().get("state"));
   }

   @Test
   void aUserWithoutThePrivilegeIsToldSoInOneLineBeforeAnyCapture() throws Exception {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         // the embedded server starts with --skip-grant-tables: FLUSH PRIVILEGES checks privileges until a restart
         st.execute("FLUSH PRIVILEGES");
         st.execute("CREATE OR REPLACE USER 'root'@'127.0.0.1'");
         st.execute("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
         st.execute("CREATE OR REPLACE USER 'cap_run'@'%' IDENTIFIED BY 'cap-run-pw'");
         st.execute("GRANT SELECT ON *.* TO 'cap_run'@'%'");
      }
      Map<String, String> options = target(Map.of("seconds", "1"));
      options.put("db.user", "cap_run");
      options.put("db.password", "cap-run-pw");
      GatlingRun.Result refused = GatlingRun.run(Capture.class, options, false);
      assertEquals(69, refused.exitCode(), refused.console());
      assertTrue(refused.failure().startsWith("jdbc-pool-lab: user cap_run may not switch the general log or read "
            + "mysql.general_log: a capture needs SUPER"), refused.failure());
      assertFalse(refused.failure().contains("\n") || refused.failure().contains("cap-run-pw"), refused.failure());
      assertEquals(settingsBefore, logSettings());
   }

   static double number(Map<String, Object> m, String key) {
      return ((Number) m.get(key)).doubleValue();
   }

   static void within(double expected, double actual, double fraction, String what) {
      assertTrue(Math.abs(actual - expected) <= fraction * expected,
            what + ": " + actual + " is not within " + (int) Math.round(fraction * 100) + "% of " + expected);
   }
}
