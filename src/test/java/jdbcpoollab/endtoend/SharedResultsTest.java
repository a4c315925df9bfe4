package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "two runs share results/": a long run and a short one started while it runs, both writing to one results
 * folder; each run folder links the Gatling report written for that run, not the newest one.
 */
class SharedResultsTest {
   @TempDir
   Path tmp;

   @Test
   void eachRunLinksItsOwnGatlingReport() throws IOException {
      ExternalServer server = ExternalServer.get();
      try (LabProcess longRun = LabProcess.gatling(PoolSweep.class, options(server, "3"), Map.of(),
            tmp.resolve("long.log"))) {
         longRun.awaitOutput("[1/1] wait pool=1: pool filled", Duration.ofMinutes(2));
         // a window that holds an operation on a busy machine, else the run ends with 65 and no report
         try (LabProcess shortRun = LabProcess.gatling(PoolSweep.class, options(server, "1"), Map.of(),
               tmp.resolve("short.log"))) {
            assertEquals(0, shortRun.waitFor(Duration.ofMinutes(2)), shortRun.output());
         }
         assertEquals(0, longRun.waitFor(Duration.ofMinutes(2)), longRun.output());
      }
      List<Path> runs;
      try (Stream<Path> dirs = Files.list(tmp.resolve("results"))) {
         runs = dirs.filter(d -> d.getFileName().toString().endsWith("-PoolSweep")).toList();
      }
      assertEquals(2, runs.size(), runs.toString());
      List<Path> byStart = runs.stream().sorted().toList();
      Path longReport = report(byStart.get(0)).getParent();
      Path shortReport = report(byStart.get(1)).getParent();
      assertNotEquals(longReport, shortReport, "each run links its own report");
      // Gatling names a report folder by its run's start: the long run started first
      assertTrue(longReport.getFileName().toString().compareTo(shortReport.getFileName().toString()) < 0,
            byStart.get(0) + " links " + longReport + ", " + byStart.get(1) + " links " + shortReport);
   }

   private static Path report(Path run) {
      Object link = Json.read(run.resolve("summary.json")).get("gatlingReport");
      assertTrue(link != null, "no Gatling report linked from " + run);
      Path page = run.resolve(link.toString()).normalize();
      assertTrue(Files.isRegularFile(page), page.toString());
      return page;
   }

   private Map<String, String> options(ExternalServer server, String seconds) {
      return new HashMap<>(Map.of("lab.results", tmp.resolve("results").toString(),
            "lab.gatlingResults", tmp.resolve("results/gatling").toString(), "lab.home", tmp.resolve("home").toString(),
            "db.url", server.url(), "db.user", "root", "pools", "1",
            "users", "2", "seconds", seconds, "warmup", "0", "workloads", "wait"));
   }
}
