package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Fidelity;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny Fidelity run of both default workloads in two rounds, the reference's twin included: all four contenders
 * measured at every pool size, and the medians and ratios computed from them.
 */
class FidelityIntegrationTest {
   private static final int USERS = 4;
   private static GatlingRun.Result run;

   @BeforeAll
   static void benchmark() {
      run = GatlingRun.run(Fidelity.class, Map.of("pools", "1,2", "users", Integer.toString(USERS), "seconds", "1",
            "warmup", "0.3", "s1Seconds", "0.5", "rounds", "2", "rows", "1000", "twin", "true"), false);
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> rows() {
      return (List<Map<String, Object>>) run.summary().get("fidelity");
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> rounds(Map<String, Object> row) {
      return (List<Map<String, Object>>) row.get("perRound");
   }

   @Test
   void everyStepAndTheFidelityTableAreWritten() {
      assertEquals(0, run.exitCode());
      assertEquals("complete", run.summary().get("state"));
      // per workload and pool size: s1, lab, raw and twin in round 1, lab, raw and twin in round 2; the warm-up is
      // not kept
      assertEquals(2 * 2 * (4 + 3), run.steps().size());
      for (String file : new String[] {"summary.json", "summary.csv", "summary.md", "fidelity.csv"}) {
         assertTrue(Files.exists(run.folder().resolve(file)), file);
      }
      assertFalse(Files.exists(run.folder().resolve("index.html")), "not a sweep: no sizing page");
      assertEquals(List.of("wait 1", "wait 2", "point 1", "point 2"),
            rows().stream().map(r -> r.get("workload") + " " + ((Number) r.get("pool")).intValue()).toList());
   }

   @Test
   void allThreeContendersCompletedOperationsAndTheMediansComeFromTheRounds() {
      for (Map<String, Object> row : rows()) {
         List<Map<String, Object>> rounds = rounds(row);
         assertEquals(List.of(1, 2), rounds.stream().map(r -> ((Number) r.get("round")).intValue()).toList());
         double lab = number(row, "lab");
         double raw = number(row, "raw");
         assertTrue(lab > 0 && raw > 0, row.toString());
         // the median of two rounds is their mean
         assertEquals((number(rounds.get(0), "lab") + number(rounds.get(1), "lab")) / 2, lab, 0.1, row.toString());
         if (row.get("workload").equals("point")) {
            // the plugin's plain query cannot bind point's id: it is not run there, its columns stay empty
            assertNull(row.get("plugin"), row.toString());
            assertNull(row.get("labOverPlugin"), row.toString());
         } else {
            double plugin = number(row, "plugin");
            assertTrue(plugin > 0, row.toString());
            assertEquals(number(rounds.get(0), "plugin"), plugin, 0.1, "the plugin runs in round 1 only: " + row);
            assertEquals(0, number(rounds.get(1), "plugin"), row.toString());
            assertEquals(lab / plugin, number(row, "labOverPlugin"), 0.01 * lab / plugin + 0.001, row.toString());
         }
         if (row.get("workload").equals("wait")) {
            assertTrue(number(row, "s1Ms") >= 5.0, "SLEEP(0.005) cannot take less than 5 ms: " + row);
         }
         assertEquals(lab / number(row, "ceiling"), number(row, "efficiency"), 0.01, row.toString());
         for (Map<String, Object> round : rounds) {
            double ratio = number(round, "lab") / number(round, "raw");
            assertEquals(ratio, number(round, "labOverRaw"), 0.01 * ratio + 0.001, round.toString());
            assertTrue(number(round, "twinOverRaw") > 0, "the reference's twin ran in every round: " + round);
         }
         assertNotNull(row.get("acquireP99Ratio"), row.toString());
         assertNotNull(row.get("missed"));
      }
   }

   @SuppressWarnings("unchecked")
   private static Map<String, Object> map(Map<String, Object> m, String key) {
      return (Map<String, Object>) m.get(key);
   }

   @Test
   void theReferencesStepsCountWhatTheyTimedAndTheLabsOverheadPerOperationIsAgainstThem() {
      List<Map<String, Object>> reference = run.steps().stream()
            .filter(s -> ((String) s.get("workload")).contains("/raw/")).toList();
      assertEquals(2 * 2 * 2, reference.size(), "per workload and pool size, one reference step in each round");
      List<Map<String, Object>> twins = run.steps().stream()
            .filter(s -> ((String) s.get("workload")).contains("/twin/")).toList();
      assertEquals(2 * 2 * 2, twins.size(), "and one of its twin");
      for (Map<String, Object> row : rows()) {
         for (Map<String, Object> round : rounds(row)) {
            String twin = row.get("workload") + "/twin/r" + ((Number) round.get("round")).intValue();
            double throughput = twins.stream().filter(s -> s.get("workload").equals(twin)
                  && ((Number) s.get("pool")).intValue() == ((Number) row.get("pool")).intValue())
                  .mapToDouble(s -> number(s, "throughput")).findFirst().orElseThrow();
            double ratio = throughput / number(round, "raw");
            assertEquals(ratio, number(round, "twinOverRaw"), 0.01 * ratio + 0.001, round.toString());
         }
      }
      for (Map<String, Object> step : reference) {
         assertTrue(number(step, "ok") > 0, step.toString());
         assertEquals(number(step, "ok"), number(map(step, "total"), "count"), "one total time per operation: " + step);
         assertEquals(USERS, number(map(step, "perUser"), "users"), step.toString());
      }
      for (Map<String, Object> row : rows()) {
         assertNotNull(map(row, "labOverheadPerOp").get("wallUs"), row.toString());
         for (Map<String, Object> round : rounds(row)) {
            double lab = number(round, "lab");
            double raw = number(round, "raw");
            // each throughput is written to 0.1 q/s, the overhead to 0.01 µs
            double within = 1e5 / (lab * lab) + 1e5 / (raw * raw) + 0.01;
            assertEquals(1e6 / lab - 1e6 / raw, number(map(round, "labOverheadPerOp"), "wallUs"), within,
                  round.toString());
            Map<String, Object> cpu = map(round, "cpuMicrosPerOp");
            assertTrue(number(cpu, "rawThreads") > 0, "the reference's threads' own CPU: " + cpu);
            if (cpu.get("lab") != null && cpu.get("raw") != null) {
               assertEquals(number(cpu, "lab") - number(cpu, "raw"), number(map(round, "labOverheadPerOp"), "cpuUs"),
                     0.21, round.toString());
            }
         }
      }
   }

   @Test
   void theLabsHarnessGapsAreRecordedAndThePoolsOwnCountAgreesWithTheRecorder() {
      for (Map<String, Object> row : rows()) {
         assertTrue(number(row, "overheadP99Us") >= number(row, "overheadP50Us"), row.toString());
         for (Map<String, Object> round : rounds(row)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> overhead = (Map<String, Object>) round.get("overhead");
            assertTrue(number(overhead, "count") > 0, round.toString());
            // both count completions in the same window; only operations in flight at its two edges may differ
            assertTrue(Math.abs(number(round, "labReturns") - number(round, "labOk")) <= 2 * USERS,
                  round.toString());
         }
      }
   }
}
