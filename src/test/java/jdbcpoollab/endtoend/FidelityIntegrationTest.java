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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiny Fidelity run: all three contenders measured at every pool size, and the ratios computed from them. */
class FidelityIntegrationTest {
   private static final int USERS = 4;
   private static GatlingRun.Result run;

   @BeforeAll
   static void benchmark() {
      run = GatlingRun.run(Fidelity.class, Map.of("pools", "1,2", "users", Integer.toString(USERS), "seconds", "1",
            "warmup", "0.3", "s1Seconds", "0.5"), false);
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> rows() {
      return (List<Map<String, Object>>) run.summary().get("fidelity");
   }

   @Test
   void everyStepAndTheFidelityTableAreWritten() {
      assertEquals(0, run.exitCode());
      assertEquals("complete", run.summary().get("state"));
      assertEquals(6, run.steps().size(), "s1, lab and raw per pool size; the warm-up round is not kept");
      for (String file : new String[] {"summary.json", "summary.csv", "summary.md", "fidelity.csv"}) {
         assertTrue(Files.exists(run.folder().resolve(file)), file);
      }
      assertFalse(Files.exists(run.folder().resolve("index.html")), "not a sweep: no sizing page");
      assertEquals(List.of(1, 2), rows().stream().map(r -> ((Number) r.get("pool")).intValue()).toList());
   }

   @Test
   void allThreeContendersCompletedOperationsAndTheRatiosComeFromThem() {
      for (Map<String, Object> row : rows()) {
         double lab = number(row, "lab");
         double raw = number(row, "raw");
         double plugin = number(row, "plugin");
         assertTrue(lab > 0 && raw > 0 && plugin > 0, row.toString());
         assertTrue(number(row, "s1Ms") >= 5.0, "SLEEP(0.005) cannot take less than 5 ms: " + row);
         assertEquals(lab / raw, number(row, "labOverRaw"), 0.01 * lab / raw + 0.001, row.toString());
         assertEquals(lab / plugin, number(row, "labOverPlugin"), 0.01 * lab / plugin + 0.001, row.toString());
         assertEquals(lab / number(row, "ceiling"), number(row, "efficiency"), 0.01, row.toString());
         assertNotNull(row.get("missed"));
      }
   }

   @Test
   void theLabsHarnessGapsAreRecordedAndThePoolsOwnCountAgreesWithTheRecorder() {
      for (Map<String, Object> row : rows()) {
         @SuppressWarnings("unchecked")
         Map<String, Object> overhead = (Map<String, Object>) row.get("overhead");
         int pool = ((Number) row.get("pool")).intValue();
         long ok = ((Number) run.step("wait/lab", pool).get("ok")).longValue();
         assertTrue(number(overhead, "count") > 0, row.toString());
         assertTrue(number(overhead, "p99") >= number(overhead, "p50"), row.toString());
         // both count completions in the same window; only operations in flight at its two edges may differ
         assertTrue(Math.abs(number(row, "labReturns") - ok) <= 2 * USERS, row + " vs ok=" + ok);
      }
   }
}
