package jdbcpoollab.runoptions;

import jdbcpoollab.capture.Capture;
import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.CapturedStatement;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.settings.ReplaySettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Capture's and Replay's options: what each needs, and every refusal one line before anything starts. */
class CaptureReplayOptionsTest {
   private static final String MYSQL = "jdbc:mysql://db.example:3306/shop";

   @TempDir
   Path results;

   private Options options(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      p.put("lab.results", results.toString());
      return new Options(p, Map.of());
   }

   private String refusedCapture(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> CaptureOptions.from(options(props))).getMessage();
   }

   private String refusedReplay(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> ReplayOptions.from(options(props))).getMessage();
   }

   /** A Capture run folder of {@code statements}, as a Capture run writes it. */
   private Path captured(String name, String product, String... statements) throws Exception {
      Path folder = Files.createDirectories(results.resolve(name));
      List<CapturedStatement> list = new ArrayList<>();
      for (int i = 0; i < statements.length; i++) {
         list.add(new CapturedStatement(1 + i % 2, i * 100_000L, statements[i]));
      }
      CaptureFile.write(folder.resolve("capture.txt"), new Capture(product, statements.length * 100_000L, list));
      Files.writeString(folder.resolve("summary.json"), "{\"simulation\": \"Capture\", \"server\": \"db:3306:/d\"}");
      return folder;
   }

   @Test
   void captureTakesAServerOfItsOwnAndPostgresqlItsLogFile(@TempDir Path dir) throws Exception {
      assertTrue(refusedCapture(Map.of()).startsWith("missing option -Ddb.url: Capture reads the statement log of "
            + "your own server"));
      CaptureOptions mysql = CaptureOptions.from(options(Map.of("db.url", MYSQL, "seconds", "30")));
      assertEquals(30, mysql.seconds());
      assertEquals("general log (mysql.general_log)", mysql.source());
      assertEquals(60, CaptureOptions.from(options(Map.of("db.url", MYSQL))).seconds());
      assertTrue(refusedCapture(Map.of("db.url", MYSQL, "capture.log", "/var/log/x.log"))
            .contains("leave -Dcapture.log out"));
      String postgres = "jdbc:postgresql://db.example/shop";
      assertTrue(refusedCapture(Map.of("db.url", postgres)).startsWith("missing option -Dcapture.log=<file>"));
      assertTrue(refusedCapture(Map.of("db.url", postgres, "capture.log", dir.resolve("none.log").toString()))
            .startsWith("bad option -Dcapture.log="));
      Path log = Files.writeString(dir.resolve("postgresql.log"), "");
      assertEquals(log, CaptureOptions.from(options(Map.of("db.url", postgres, "capture.log", log.toString()))).log());
      assertTrue(refusedCapture(Map.of("db.url", MYSQL, "seconds", "0.5")).startsWith("bad option -Dseconds=0.5"));
   }

   @Test
   void replaysSettingsSayHowManyStatementsAreSentPreparedAndWithWhichDriverProperties() throws Exception {
      Path folder = captured("20260101-130000-Capture", "mysql", "SELECT 1");
      CaptureFile.write(folder.resolve("capture.txt"), new Capture("mysql", 300_000, List.of(
            new CapturedStatement(1, 0, "SELECT c FROM sbtest1 WHERE id=4555", true),
            new CapturedStatement(1, 100_000, "SELECT c FROM sbtest1 WHERE id=17", true),
            new CapturedStatement(2, 200_000, "SELECT 1"))));
      ReplaySettings settings = ReplayOptions.from(options(Map.of("db.url", MYSQL + "?cachePrepStmts=false",
            "capture", folder.toString()))).settings();
      assertEquals(List.of(3L, 2L), List.of(settings.statements(), settings.prepared()));
      assertEquals("useServerPrepStmts=true, prepStmtCacheSize=250, prepStmtCacheSqlLimit=2048",
            settings.driverProps());
      ReplaySettings text = ReplayOptions.from(options(Map.of("db.url", MYSQL, "capture",
            captured("20260101-140000-Capture", "mysql", "SELECT 1", "SELECT 2").toString()))).settings();
      assertEquals(List.of(2L, 0L), List.of(text.statements(), text.prepared()));
      assertEquals("the driver's defaults", text.driverProps());
   }

   @Test
   void replayReadsItsCaptureSpeedsAndSafetyFlags() throws Exception {
      Path folder = captured("20260101-120000-Capture", "mysql", "SELECT 1", "SELECT 2", "SELECT 3");
      ReplayOptions o = ReplayOptions.from(options(Map.of("db.url", MYSQL, "capture", folder.getFileName().toString(),
            "speed", "1,2.5")));
      assertEquals(folder, o.capture());
      assertEquals(List.of(1.0, 2.5), o.speeds());
      assertEquals(3, o.replay().requests().size());
      assertEquals(0.3, o.captureSeconds(), 1e-9, "the span of arrivals, one mean gap added");
      assertEquals("db:3306:/d", o.capturedServer());
      assertEquals(List.of(4, 8, 16, 32), o.pools());
      assertEquals(false, o.sameServer());
      assertEquals(List.of(1.0), ReplayOptions.from(options(Map.of("db.url", MYSQL, "capture", folder.toString())))
            .speeds());
      // at 4x the capture's 0.3 s make a window of 75 ms, too short to measure: refused, with the most it takes
      assertEquals("bad option -Dspeed=1,4: at 4x the capture's 0.300 s of requests make a window of 75.0 ms, too "
            + "short to measure (at least 0.1 s); the most this capture takes is -Dspeed=3", refusedReplay(Map.of(
            "db.url", MYSQL, "capture", folder.toString(), "speed", "1,4")));
   }

   @Test
   void aBadCaptureOrSpeedOrACaptureThatWritesIsRefusedInOneLine() throws Exception {
      assertTrue(refusedReplay(Map.of("db.url", MYSQL)).startsWith("missing option -Dcapture=<run folder>"));
      assertTrue(refusedReplay(Map.of("db.url", MYSQL, "capture", "nope")).startsWith("bad option -Dcapture=nope: "
            + "allowed is a Capture run folder"));
      Path reads = captured("20260101-120000-Capture", "mysql", "SELECT 1", "SELECT 2");
      Map<String, String> base = new HashMap<>(Map.of("db.url", MYSQL, "capture", reads.toString()));
      for (String speed : List.of("0", "abc", "1,1", "2000", "")) {
         base.put("speed", speed);
         assertTrue(refusedReplay(base).startsWith("bad option -Dspeed="), speed);
      }
      assertEquals("bad option -Dcapture=" + reads + ": the capture is of mysql and the target is postgresql: a "
            + "capture replays only on its own product", refusedReplay(Map.of("db.url",
            "jdbc:postgresql://db.example/shop", "capture", reads.toString())));
      Path writes = captured("20260101-130000-Capture", "mysql", "SELECT 1", "UPDATE t SET v = 1 WHERE id = 2");
      String refused = refusedReplay(Map.of("db.url", MYSQL, "capture", writes.toString()));
      assertTrue(refused.contains("the capture writes") && refused.contains("-Dreplay.writes=true"), refused);
      assertTrue(ReplayOptions.from(options(Map.of("db.url", MYSQL, "capture", writes.toString(), "replay.writes",
            "true"))).writes());
      Files.writeString(writes.resolve("capture.txt"), "jdbc-pool-lab capture 9 mysql 10\n");
      assertTrue(refusedReplay(Map.of("db.url", MYSQL, "capture", writes.toString(), "replay.writes", "true"))
            .contains("is a capture of format version 9; this lab reads version 1"));
   }
}
