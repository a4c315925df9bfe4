package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static jdbcpoollab.endtoend.WaitSweepContract.timing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "pool exhausted": one connection held 1 s per operation by 8 users who wait at most 250 ms for it. The
 * timeouts are KO under one normalised message, and the acquire P99 is the timeout, not the query time.
 */
class PoolExhaustedTest {

   @Test
   void timeoutsAreOneKoMessageAndSetTheAcquireP99() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "users", "8", "sleepMs", "1000",
            "connectionTimeoutMs", "250", "seconds", "3", "warmup", "0", "workloads", "wait"), false);
      assertEquals(0, run.exitCode(), run.console());
      Map<String, Object> step = run.step("wait", 1);
      assertEquals(Boolean.TRUE, step.get("complete"), "a full pool is not a lost database");
      @SuppressWarnings("unchecked")
      Map<String, Object> errors = (Map<String, Object>) step.get("errors");
      assertEquals(1, errors.size(), errors.toString());
      String message = errors.keySet().iterator().next();
      assertEquals("SQLTransientConnectionException: lab-wait-N - Connection is not available, request timed out "
            + "after N ms (pool state)", message);
      double ko = number(step, "ko");
      assertTrue(ko >= 3 * number(step, "ok"), "one user in 8 holds the connection: ko " + ko + " ok " + number(step, "ok"));
      double p99 = timing(step, "acquire", "p99");
      assertTrue(p99 >= 250 && p99 < 1000, "acquire p99 " + p99 + " ms should be the 250 ms timeout");
      assertTrue(timing(step, "query", "p50") >= 1000, "the query holds its connection 1 s");
   }
}
