package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
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

   @Test
   void koMeansFailuresInsideTheWindowInEveryOutput() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("pools", "1", "users", "4", "sleepMs", "700",
            "connectionTimeoutMs", "250", "seconds", "1", "warmup", "0.6", "workloads", "wait"), false);
      Map<String, Object> step = run.step("wait", 1);
      long ok = (long) number(step, "ok");
      long ko = (long) number(step, "ko");
      long outside = (long) number(step, "koOutsideWindow");
      assertTrue(ko > 0 && outside > 0, "timeouts inside and outside the window: " + step);
      assertTrue(run.console().contains("ok=" + ok + " ko=" + ko + " (and " + outside + " ko outside the window)"),
            run.console());
      List<String> csv = Files.readAllLines(run.folder().resolve("summary.csv"));
      List<String> header = List.of(csv.get(0).split(","));
      List<String> row = List.of(csv.get(1).split(","));
      assertEquals(Long.toString(ko), row.get(header.indexOf("ko")));
      assertEquals(Long.toString(outside), row.get(header.indexOf("ko_outside_window")));
      String markdownRow = Files.readAllLines(run.folder().resolve("summary.md")).stream()
            .filter(l -> l.startsWith("| 1 ")).findFirst().orElseThrow();
      List<String> cells = List.of(markdownRow.split("\\|")).stream().map(String::trim).toList();
      assertEquals(List.of(Long.toString(ok), Long.toString(ko), Long.toString(outside)), cells.subList(2, 5),
            markdownRow);
   }
}
