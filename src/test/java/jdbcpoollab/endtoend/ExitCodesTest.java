package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.files.Json;
import jdbcpoollab.run.Exit;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scheduled job can branch on the lab's exit code: through the documented command, {@code ./lab <simulation> …},
 * bad input ends with 64, a failed gate with 2 and an unreachable database with 69, where {@code mvn gatling:test}
 * alone ends the last two with 1 (the Gatling plugin's BUILD FAILURE). Each run folder records its code as
 * {@code exitCode} in summary.json, which is where the script reads it.
 */
class ExitCodesTest {
   @TempDir
   Path tmp;

   @Test
   void badInputStoppedByThePreflightGives64AndNoRunFolder() {
      Path results = tmp.resolve("results");
      assertEquals(Exit.BAD_OPTION, lab(results, tmp.resolve("home"), "-Dpools=0,abc"));
      assertTrue(GatlingRun.runFolders(results).isEmpty(), "the preflight starts no run");
   }

   @Test
   void aFailedGateGives2() {
      // one connection running SLEEP(0.005) cannot serve 1000 operations per second, on any machine
      Path results = tmp.resolve("results");
      assertEquals(Exit.GATE_FAILED, lab(results, EmbeddedMariaDb.defaultHome(), "-Dassert.minThroughput=1000"));
      Map<String, Object> summary = onlySummary(results);
      assertEquals("complete", summary.get("state"));
      assertEquals(Exit.GATE_FAILED, summary.get("exitCode"));
   }

   @Test
   void anUnreachableDatabaseGives69() throws IOException {
      int closed;
      try (ServerSocket socket = new ServerSocket(0)) {
         closed = socket.getLocalPort();
      }
      Path results = tmp.resolve("results");
      assertEquals(Exit.DATABASE_UNAVAILABLE, lab(results, tmp.resolve("home"),
            "-Ddb.url=jdbc:mysql://127.0.0.1:" + closed + "/demo"));
      Map<String, Object> summary = onlySummary(results);
      assertEquals("failed", summary.get("state"));
      assertEquals(Exit.DATABASE_UNAVAILABLE, summary.get("exitCode"));
   }

   /** {@code ./lab PoolSweep} on a short sweep with {@code extra}; returns the script's exit code. */
   private int lab(Path results, Path home, String... extra) {
      List<String> args = new ArrayList<>(List.of("-Dmaven.test.skip=true", "-Dlab.home=" + home,
            "-Dlab.results=" + results, "-Dpools=1", "-Dusers=4", "-Dseconds=0.5", "-Dwarmup=0", "-Dworkloads=wait"));
      args.addAll(List.of(extra));
      try (LabProcess lab = LabProcess.script(tmp.resolve("lab-" + extra[0].hashCode() + ".log"), "PoolSweep",
            args.toArray(String[]::new))) {
         int code = lab.waitFor(Duration.ofMinutes(3));
         System.out.printf("./lab PoolSweep %s: exit code %d in %.1f s%n", String.join(" ", extra), code,
               lab.seconds());
         return code;
      }
   }

   private static Map<String, Object> onlySummary(Path results) {
      Set<Path> folders = GatlingRun.runFolders(results);
      assertEquals(1, folders.size(), folders.toString());
      return Json.read(folders.iterator().next().resolve("summary.json"));
   }
}
