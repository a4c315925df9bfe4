package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.files.Json;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A baseline this run cannot be compared with is said so, never "all 0 checks passed": a run of another simulation
 * or of other users is refused before anything starts (64); one that shares no step with this run is said in one
 * line and exits 4 ("cannot tell"), the same in summary.json; a run folder is taken for its summary.json.
 */
class BaselineFitTest {
   private static final Map<String, String> SWEEP = Map.of("pools", "1,2", "users", "2", "seconds", "0.5",
         "warmup", "0.1", "workloads", "wait", "sleepMs", "5");
   private static GatlingRun.Result reference;
   @TempDir
   Path tmp;

   @BeforeAll
   static void referenceRun() {
      reference = GatlingRun.run(PoolSweep.class, SWEEP, false);
      assertEquals(0, reference.exitCode(), reference.console());
   }

   private static GatlingRun.Result sweep(String... pairs) {
      Map<String, String> options = new HashMap<>(SWEEP);
      for (int i = 0; i < pairs.length; i += 2) {
         options.put(pairs[i], pairs[i + 1]);
      }
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   @Test
   void aRunFolderIsTakenForItsSummary() {
      GatlingRun.Result run = sweep("baseline", reference.folder().toString());
      assertTrue(run.exitCode() == 0 || run.exitCode() == 4, run.console());
      assertEquals(4, GatesIntegrationTest.gates(run).size(), "two baseline gates for each of two steps");
   }

   /** In a Gatling JVM of its own, as a user starts it: the process's exit code is the one summary.json records. */
   @Test
   void aBaselineWithNoStepOfThisRunCannotBeComparedAndExitsWithFourEverywhere() throws Exception {
      Map<String, String> options = new HashMap<>(GatlingRun.withoutWarmupOrSettling(PoolSweep.class, SWEEP));
      Path baseline = reference.folder().resolve("summary.json");
      options.putAll(Map.of("pools", "4", "baseline", baseline.toString(), "lab.home",
            EmbeddedMariaDb.defaultHome().toString(), "lab.results", tmp.toString(), "lab.gatlingResults",
            tmp.resolve("gatling").toString()));
      try (LabProcess gatling = LabProcess.gatling(PoolSweep.class, options, Map.of(), tmp.resolve("run.log"))) {
         int code = gatling.waitFor(Duration.ofMinutes(3));
         String out = gatling.output();
         assertEquals(4, code, out);
         assertTrue(out.contains("jdbc-pool-lab: gates: the baseline " + baseline + " cannot be compared: no step of "
               + "this run is in it (it has wait pool=1, wait pool=2) (exit code 4)"), out);
         assertFalse(out.contains("all 0 checks passed"), out);
         // Gatling's own assertions agree with the lab: no gate failed (4 is "cannot tell", not 2)
         for (String gate : List.of("baselineThroughput", "baselineP99TotalMs")) {
            assertTrue(out.contains("gate " + gate + ": count of all events is greater than or equal to 1.0 : true"),
                  out);
            assertTrue(out.contains("gate " + gate + ": count of failed events is 0.0 : true"), out);
         }
         assertFalse(out.lines().anyMatch(l -> l.startsWith("gate ") && l.contains(" : false")), out);
         Path folder;
         try (var folders = Files.list(tmp)) {
            folder = folders.filter(f -> f.getFileName().toString().endsWith("-PoolSweep")).findFirst().orElseThrow();
         }
         assertEquals(4, ((Number) Json.read(folder.resolve("summary.json")).get("exitCode")).intValue());
      }
   }

   @Test
   void aBaselineOfOtherUsersIsRefusedBeforeAnythingStarts() {
      GatlingRun.Result run = sweep("users", "4", "baseline", reference.folder().toString());
      assertEquals(64, run.exitCode(), run.console());
      assertEquals("jdbc-pool-lab: bad option -Dbaseline=" + reference.folder() + "/summary.json: allowed is a run "
            + "this one can be compared with: it was made with 2 users and this run has 4: a step's throughput and "
            + "P99 depend on its users, so compare runs of the same users (exit code 64)", run.failure());
   }

   @Test
   void aMergedRunOfAllItsGeneratorsUsersOrARunOfAnotherSimulationIsRefused() throws Exception {
      Map<String, Object> summary = new LinkedHashMap<>(Json.read(reference.folder().resolve("summary.json")));
      @SuppressWarnings("unchecked")
      Map<String, Object> settings = new LinkedHashMap<>((Map<String, Object>) summary.get("settings"));
      settings.put("users", 16);
      settings.put("mergedFrom", List.of("a", "b"));
      summary.put("settings", settings);
      Path merged = Files.createDirectories(tmp.resolve("merged"));
      Json.write(merged.resolve("summary.json"), summary);
      GatlingRun.Result run = sweep("baseline", merged.toString());
      assertEquals(64, run.exitCode(), run.console());
      assertTrue(run.failure().contains("it was made with 16 users in all (merged from 2 runs) and this run has 2"),
            run.failure());

      summary.put("simulation", "Replay");
      Path replay = Files.createDirectories(tmp.resolve("replay"));
      Json.write(replay.resolve("summary.json"), summary);
      run = sweep("baseline", replay.resolve("summary.json").toString());
      assertEquals(64, run.exitCode(), run.console());
      assertTrue(run.failure().endsWith("it is a Replay run, and a PoolSweep run is compared with a PoolSweep run "
            + "(exit code 64)"), run.failure());
   }
}
