package jdbcpoollab.simulations;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real short sweep of the wait workload on the embedded MariaDB. */
class PoolSweepIntegrationTest {
   private static GatlingRun.Result run;

   @BeforeAll
   static void sweep() {
      run = GatlingRun.run(PoolSweep.class,
            Map.of("pools", "1,8", "seconds", "2", "warmup", "0.5", "workloads", "wait", "users", "64"), true);
   }

   @Test
   void gatlingSucceedsAndEveryOutputIsWritten() {
      assertEquals(0, run.exitCode());
      assertEquals("complete", run.summary().get("state"));
      assertEquals(2, run.steps().size());
      for (String file : new String[] {"summary.json", "summary.csv", "summary.md"}) {
         assertTrue(Files.exists(run.folder().resolve(file)), file);
      }
   }

   @Test
   void poolOfEightServesAtLeastFiveTimesPoolOfOneWithoutFailures() {
      Map<String, Object> one = run.step("wait", 1);
      Map<String, Object> eight = run.step("wait", 8);
      assertEquals(0, number(one, "ko") + number(one, "koOutsideWindow"));
      assertEquals(0, number(eight, "ko") + number(eight, "koOutsideWindow"));
      double t1 = number(one, "throughput");
      double t8 = number(eight, "throughput");
      assertTrue(t8 >= 5 * t1, "pool 8 " + t8 + " ops/s vs pool 1 " + t1 + " ops/s");
   }

   @Test
   void poolOfOneMakesUsersWaitFarLongerForAConnection() {
      double p99One = timing(run.step("wait", 1), "acquire", "p99");
      double p99Eight = timing(run.step("wait", 8), "acquire", "p99");
      assertTrue(p99One > 4 * p99Eight, "acquire p99 pool 1 " + p99One + " ms vs pool 8 " + p99Eight + " ms");
   }

   @Test
   void singleConnectionThroughputIsCloseToItsServiceTimeLimit() {
      Map<String, Object> one = run.step("wait", 1);
      double serviceMs = timing(one, "query", "avg");
      double limit = 1000.0 / serviceMs;
      assertTrue(number(one, "throughput") >= 0.85 * limit,
            "pool 1: " + number(one, "throughput") + " ops/s vs limit " + limit + " (query avg " + serviceMs + " ms)");
   }

   @Test
   void everyOperationIsTimedAndCountedOnce() {
      Map<String, Object> eight = run.step("wait", 8);
      assertEquals(number(eight, "ok"), timing(eight, "total", "count"));
      assertEquals(number(eight, "ok"), timing(eight, "query", "count"));
      assertTrue(timing(eight, "total", "avg") + 0.002 >= timing(eight, "acquire", "avg") + timing(eight, "query", "avg"));
      assertTrue(timing(eight, "query", "p50") >= 5.0, "SLEEP(0.005) cannot take less than 5 ms");
   }

   static double number(Map<String, Object> step, String key) {
      return ((Number) step.get(key)).doubleValue();
   }

   @SuppressWarnings("unchecked")
   static double timing(Map<String, Object> step, String timing, String stat) {
      return ((Number) ((Map<String, Object>) step.get(timing)).get(stat)).doubleValue();
   }
}
