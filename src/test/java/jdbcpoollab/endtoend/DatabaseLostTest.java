package jdbcpoollab.endtoend;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rows "database killed during a step" and "database restarted between steps": the server is killed with SIGKILL
 * while a step loads it. That step stops at once (its failures KO, normalised), finished steps stay, the report is
 * written, the console names the incomplete steps and the run exits 3; a step after a restart gets a new pool.
 */
@RunsAlone("the kill must fall inside a 2 s step's window, timed from outside the run")
class DatabaseLostTest {
   @TempDir
   Path tmp;

   @Test
   void killedDuringAStepThenRestartedTheNextStepsRecover() throws Exception {
      ExternalServer server = ExternalServer.get();
      Path results = Path.of(System.getProperty("lab.results"));
      Set<Path> before = GatlingRun.runFolders(results);
      CompletableFuture<Long> killer = CompletableFuture.supplyAsync(() -> {
         awaitFinishedSteps(results, before, 1);
         awaitSleepingQueries(server.root());
         long pid = server.kill();
         server.restart();
         return pid;
      });
      long t0 = System.nanoTime();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("db.url", server.url(), "db.user", "root",
            "pools", "2,4,8,16", "users", "16", "seconds", "2", "warmup", "0", "workloads", "wait",
            "recoverSeconds", "60"), true);
      double seconds = (System.nanoTime() - t0) / 1e9;
      long killed = killer.get();
      System.out.printf("server pid %d killed and restarted; the run ended %.1f s after it started%n", killed, seconds);

      assertEquals(Exit.INCOMPLETE, run.exitCode(), run.console());
      assertEquals("incomplete", run.summary().get("state"));
      List<Map<String, Object>> steps = run.steps();
      assertEquals(4, steps.size());
      int lost = lostStep(run.summary());
      assertTrue(lost >= 1 && lost < 3, "the kill came after step 1 and before the last: " + lost);
      for (int i = 0; i < lost; i++) {
         assertEquals(Boolean.TRUE, steps.get(i).get("complete"));
         assertEquals(0.0, number(steps.get(i), "ko") + number(steps.get(i), "koOutsideWindow"));
      }
      assertLostStepCountsItsFailures(steps.get(lost));
      for (int i = lost + 1; i < steps.size(); i++) {
         assertEquals(Boolean.TRUE, steps.get(i).get("complete"), "recovered with a new pool: " + steps.get(i));
         assertTrue(number(steps.get(i), "ok") > 0);
      }
      assertTrue(run.console().contains("the database is back"), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: 1 of 4 steps INCOMPLETE:"), run.console());
      ((Map<?, ?>) run.summary().get("wallTime")).forEach((part, value) -> assertTrue(
            ((Number) value).doubleValue() >= 0, "wall time part " + part + " = " + value));
      assertTrue(gatlingReports(Path.of(System.getProperty("lab.gatlingResults")))
            .anyMatch(index -> index.toFile().lastModified() >= System.currentTimeMillis() - seconds * 1000 - 5000));
      assertTrue(seconds < 4 * 2 + 120, "the run must not hang: " + seconds + " s");
   }

   @Test
   void killedForGoodTheGatlingJvmWritesItsReportAndExits3() throws IOException {
      Path home = EmbeddedMariaDb.defaultHome();
      Map<String, String> props = Map.of("lab.home", home.toString(), "lab.results", tmp.toString(),
            "lab.gatlingResults", tmp.resolve("gatling").toString(), "pools", "1,2,4,8", "users", "16",
            "seconds", "2", "warmup", "1", "workloads", "wait", "recoverSeconds", "1");
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, props, Map.of(), tmp.resolve("run.log"))) {
         gatling.awaitOutput("[2/4] wait pool=2: pool filled", Duration.ofMinutes(2));
         long loadStarts = System.nanoTime();
         awaitSleepingQueries(embeddedServerOf(gatling.output()));
         // 1.5 s after step 2's load started, past its 1 s warm-up: the kill falls in its 2 s window
         LabProcess.sleep(Math.max(0, 1500 - (System.nanoTime() - loadStarts) / 1_000_000));
         long pid = Long.parseLong(Files.readString(new EmbeddedMariaDb(home, 1).pidFile()).trim());
         LabProcess.kill("-KILL", Long.toString(pid));
         long killedAt = System.nanoTime();
         int code = gatling.waitFor(Duration.ofMinutes(2));
         String out = gatling.output();
         System.out.printf("server killed; the Gatling JVM exited %d after %.1f s%n", code,
               (System.nanoTime() - killedAt) / 1e9);
         assertEquals(Exit.INCOMPLETE, code, out);
         assertTrue(out.contains(" steps INCOMPLETE:"), out);
         assertTrue(out.contains(": database lost: "), out);
         assertTrue(out.indexOf("Reports generated") > out.indexOf("steps INCOMPLETE"), out);
      }
      try (Stream<Path> folders = Files.list(tmp)) {
         Path folder = folders.filter(f -> f.getFileName().toString().endsWith("-PoolSweep")).findFirst().orElseThrow();
         Map<String, Object> summary = Json.read(folder.resolve("summary.json"));
         assertEquals("incomplete", summary.get("state"));
         @SuppressWarnings("unchecked")
         List<Map<String, Object>> steps = (List<Map<String, Object>>) summary.get("steps");
         assertEquals(4, steps.size());
         assertEquals(Boolean.TRUE, steps.get(0).get("complete"), "a finished step stays");
         assertTrue(number(steps.get(0), "ok") > 0);
         int lost = lostStep(summary);
         assertLostStepCountsItsFailures(steps.get(lost));
         @SuppressWarnings("unchecked")
         Map<String, String> incomplete = (Map<String, String>) summary.get("incomplete");
         for (int i = lost + 1; i < steps.size(); i++) {
            assertEquals(Boolean.FALSE, steps.get(i).get("complete"));
            String pattern = "wait pool=0*" + steps.get(i).get("pool");
            assertTrue(incomplete.entrySet().stream().anyMatch(e -> e.getKey().matches(pattern)
                  && e.getValue().startsWith("pool did not open: ")), incomplete.toString());
         }
         assertEquals(5, Files.readString(folder.resolve("summary.csv")).lines().count());
         // steps 3 and 4 never opened a pool: they ran no warm-up, so none is counted for them
         Map<?, ?> wall = (Map<?, ?>) summary.get("wallTime");
         double warmup = ((Number) wall.get("warmupSeconds")).doubleValue();
         assertTrue(warmup >= 1 && warmup <= 2.5, "the warm-up of steps 1 and 2 only: " + wall);
         wall.forEach((part, value) -> assertTrue(((Number) value).doubleValue() >= 0, part + " = " + value));
      }
      assertEquals(1, gatlingReports(tmp.resolve("gatling")).count(), "Gatling's HTML report");
   }

   /** The index of the step the database was lost in. */
   @SuppressWarnings("unchecked")
   private static int lostStep(Map<String, Object> summary) {
      Map<String, String> incomplete = (Map<String, String>) summary.get("incomplete");
      List<Map<String, Object>> steps = (List<Map<String, Object>>) summary.get("steps");
      for (int i = 0; i < steps.size(); i++) {
         String pattern = "wait pool=0*" + steps.get(i).get("pool");
         String name = incomplete.keySet().stream().filter(n -> n.matches(pattern)).findFirst().orElse(null);
         if (name != null && incomplete.get(name).startsWith("database lost: ")) {
            return i;
         }
      }
      throw new AssertionError("no step lost its database: " + incomplete);
   }

   private static void assertLostStepCountsItsFailures(Map<String, Object> lost) {
      assertEquals(Boolean.FALSE, lost.get("complete"));
      assertTrue(number(lost, "ko") > 0, "the failures when the server died are KO: " + lost);
      @SuppressWarnings("unchecked")
      Map<String, Number> errors = (Map<String, Number>) lost.get("errors");
      assertTrue(errors.keySet().stream().anyMatch(m -> m.contains("Communications link failure")), errors.toString());
      errors.keySet().forEach(m -> assertFalse(m.matches(".*\\d.*"), "not normalised: " + m));
   }

   private static Stream<Path> gatlingReports(Path root) throws IOException {
      try (Stream<Path> dirs = Files.list(root)) {
         return dirs.map(d -> d.resolve("index.html")).filter(Files::exists).toList().stream();
      }
   }

   /** Waits until the newest run folder's summary has {@code n} steps. */
   static void awaitFinishedSteps(Path results, Set<Path> before, int n) {
      GatlingRun.awaitRunFolder(results, before, folder -> finishedSteps(folder) >= n, "finished " + n + " step(s)");
   }

   private static int finishedSteps(Path folder) {
      Path summary = folder.resolve("summary.json");
      try {
         return Files.exists(summary) ? ((List<?>) Json.read(summary).get("steps")).size() : 0;
      } catch (RuntimeException e) {
         return 0; // being replaced right now; read again
      }
   }

   /** The embedded server a run's console names, to be reached as root. */
   static Database embeddedServerOf(String console) {
      Matcher url = Pattern.compile("at (jdbc:mysql://127\\.0\\.0\\.1:\\d+/demo\\S*)").matcher(console);
      assertTrue(url.find(), console);
      return new Database(url.group(1), "root", "");
   }

   /** Waits until the server runs the wait workload's statement, i.e. a step is loading it. */
   static void awaitSleepingQueries(Database server) {
      awaitQueries(server, "SELECT SLEEP%");
   }

   /** Waits until the server runs a statement whose text is {@code LIKE like}, other than this probe's own. */
   static void awaitQueries(Database server, String like) {
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (System.nanoTime() < deadline) {
         try (Connection c = server.connect(); Statement st = c.createStatement();
              ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST"
                    + " WHERE INFO LIKE '" + like + "' AND INFO NOT LIKE '%PROCESSLIST%'")) {
            rs.next();
            if (rs.getInt(1) > 0) {
               return;
            }
         } catch (SQLException e) {
            throw new AssertionError(e);
         }
         LabProcess.sleep(20);
      }
      throw new AssertionError("the server ran no statement like " + like);
   }
}
