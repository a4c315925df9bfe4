package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scheduled job can branch on the lab's exit code: through the documented command, {@code ./lab <simulation> …},
 * bad input ends with 64, a failed gate with 2 and an unreachable database with 69, where {@code mvn gatling:test}
 * alone ends the last two with 1 (the Gatling plugin's BUILD FAILURE). Each run folder records its code as
 * {@code exitCode} in summary.json, which is where the script reads it. The three runs start together, each with its
 * own results folder and only one on the embedded MariaDB: most of each is Maven and JVMs starting, not load.
 */
class ExitCodesTest {
   private static final Map<String, LabProcess> RUNS = new HashMap<>();

   @TempDir
   static Path tmp;

   @BeforeAll
   static void startTheThreeRuns() throws IOException {
      int closed;
      try (ServerSocket socket = new ServerSocket(0)) {
         closed = socket.getLocalPort();
      }
      start("bad", tmp.resolve("home-bad"), "-Dpools=0,abc");
      // one connection running SLEEP(0.005) cannot serve 1000 operations per second, on any machine
      start("gate", EmbeddedMariaDb.defaultHome(), "-Dassert.minThroughput=1000");
      start("unreachable", tmp.resolve("home-unreachable"), "-Ddb.url=jdbc:mysql://127.0.0.1:" + closed + "/demo");
   }

   @AfterAll
   static void stopWhatIsLeft() {
      RUNS.values().forEach(LabProcess::close);
   }

   @Test
   void badInputStoppedByThePreflightGives64AndNoRunFolder() {
      assertEquals(Exit.BAD_OPTION, exitCode("bad"));
      assertTrue(GatlingRun.runFolders(results("bad")).isEmpty(), "the preflight starts no run");
   }

   @Test
   void aFailedGateGives2() {
      assertEquals(Exit.GATE_FAILED, exitCode("gate"));
      Map<String, Object> summary = onlySummary(results("gate"));
      assertEquals("complete", summary.get("state"));
      assertEquals(Exit.GATE_FAILED, summary.get("exitCode"));
   }

   @Test
   void anUnreachableDatabaseGives69() {
      assertEquals(Exit.DATABASE_UNAVAILABLE, exitCode("unreachable"));
      Map<String, Object> summary = onlySummary(results("unreachable"));
      assertEquals("failed", summary.get("state"));
      assertEquals(Exit.DATABASE_UNAVAILABLE, summary.get("exitCode"));
   }

   /** Starts {@code ./lab PoolSweep} on a short sweep with {@code extra}, its results in a folder of its own. */
   private static void start(String name, Path home, String... extra) {
      List<String> args = new ArrayList<>(List.of("-Dmaven.test.skip=true", "-Dlab.home=" + home,
            "-Dlab.results=" + results(name), "-Dpools=1", "-Dusers=4", "-Dseconds=0.5", "-Dwarmup=0",
            "-Dworkloads=wait"));
      args.addAll(List.of(extra));
      RUNS.put(name, LabProcess.script(tmp.resolve("lab-" + name + ".log"), "PoolSweep", args.toArray(String[]::new)));
   }

   /** The script's exit code of the run {@code name}. */
   private static int exitCode(String name) {
      try (LabProcess lab = RUNS.get(name)) {
         int code = lab.waitFor(Duration.ofMinutes(3));
         System.out.printf("./lab PoolSweep (%s): exit code %d in %.1f s%n", name, code, lab.seconds());
         return code;
      }
   }

   private static Path results(String name) {
      return tmp.resolve("results-" + name);
   }

   private static Map<String, Object> onlySummary(Path results) {
      Set<Path> folders = GatlingRun.runFolders(results);
      assertEquals(1, folders.size(), folders.toString());
      return Json.read(folders.iterator().next().resolve("summary.json"));
   }
}
