package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.CpoolCompare;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the reference sweep did not test, each as a short real run on the embedded MariaDB: a network round trip,
 * transactions that hold their connection, the server's own settings and limits.
 */
class SeedQuestionsTest {

   private static double ms(Map<String, Object> step, String timing, String stat) {
      return ((Number) ((Map<?, ?>) step.get(timing)).get(stat)).doubleValue();
   }

   private static long count(Map<String, Object> step, String key) {
      return ((Number) step.get(key)).longValue();
   }

   /** One sweep: wait and txn, each pool size at two round trips. */
   @Nested
   @RunsAlone("a 5 ms round trip must add 4.5 to 6.5 ms to the median statement")
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class RoundTripAndTransactions {
      private GatlingRun.Result run;

      @BeforeAll
      void sweep() {
         run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait,txn", "pools", "1,2", "users", "4",
               "seconds", "0.6", "warmup", "0.1", "rttMs", "0,5", "hotRows", "3", "holdMs", "5"), false);
      }

      @Test
      void everyPoolSizeRunsAtEveryRoundTripAndTheRoundTripAddsToEveryStatement() {
         assertEquals(0, run.exitCode(), run.console());
         List<String> labels = run.steps().stream().map(s -> s.get("workload") + " pool=" + s.get("pool")).toList();
         assertEquals(List.of("wait rtt=0ms pool=1", "wait rtt=0ms pool=2", "txn rtt=0ms pool=1",
               "txn rtt=0ms pool=2", "wait rtt=5ms pool=1", "wait rtt=5ms pool=2", "txn rtt=5ms pool=1",
               "txn rtt=5ms pool=2"), labels);
         double near = ms(run.step("wait rtt=0ms", 2), "query", "p50");
         double far = ms(run.step("wait rtt=5ms", 2), "query", "p50");
         assertTrue(far - near >= 4.5 && far - near <= 6.5, "the 5 ms round trip added " + (far - near) + " ms");
         assertEquals(List.of(0, 5), ((Map<?, ?>) run.summary().get("settings")).get("rttMs"));
      }

      @Test
      void thePageShowsTheKneeAtEachRoundTrip() throws IOException {
         String page = Files.readString(run.folder().resolve("index.html"));
         int section = page.indexOf("How the knee moves with the round trip");
         assertTrue(section > 0, "no round-trip section");
         String table = page.substring(section, page.indexOf("</table>", section));
         for (String row : List.of("wait</td><td class=\"num\">0<", "wait</td><td class=\"num\">5<",
               "txn</td><td class=\"num\">5<")) {
            assertTrue(table.contains("<td>" + row), row + " in " + table);
         }
      }

      @Test
      void aTransactionHoldsItsConnectionForTheHoldAndWaitsForItsRowLock() {
         Map<String, Object> txn = run.step("txn rtt=0ms", 2);
         assertTrue(count(txn, "ok") > 0 && count(txn, "ko") == 0, txn.toString());
         assertTrue(ms(txn, "query", "p50") >= 5, "the 5 ms hold is in the query time: " + txn.get("query"));
         // 3 hot rows, 2 connections: one transaction in two or so finds its row locked and waits in the database
         assertTrue(ms(txn, "query", "p99") >= ms(txn, "query", "p50") + 1, txn.get("query").toString());
         Map<String, Object> alone = run.step("txn rtt=0ms", 1);
         // users on their own threads meet HikariCP's unfair hand-back: the thread that just gave the connection
         // back often takes it again at once, so the median wait is short; the mean carries everyone's wait
         assertTrue(ms(alone, "acquire", "avg") >= 5, "with one connection the others wait for its hold: "
               + alone.get("acquire"));
      }
   }

   /** A server with a thread pool and a max_connections that the larger pool exceeds. */
   @Nested
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class ServerLimits {
      private GatlingRun.Result run;

      @BeforeAll
      void sweep() {
         run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait", "pools", "2,14", "users", "4",
               "seconds", "0.5", "warmup", "0.1", "connectionTimeoutMs", "1000",
               "db.serverOption", "thread_handling=pool-of-threads,thread_pool_size=2,max_connections=10"), false);
      }

      @Test
      void theServerRunsWithTheGivenVariables() {
         assertEquals(Map.of("thread_handling", "pool-of-threads", "thread_pool_size", "2", "max_connections", "10"),
               ((Map<?, ?>) run.summary().get("settings")).get("serverOptions"));
         assertTrue(count(run.step("wait", 2), "ok") > 0);
      }

      @Test
      void aPoolLargerThanMaxConnectionsIsOneClearLineAndCountedRefusalsNotAHang() {
         assertEquals(Exit.INCOMPLETE, run.exitCode());
         assertTrue(run.console().contains("jdbc-pool-lab: pool 14 is larger than the server's max_connections 10"),
               run.console());
         Map<String, Object> big = run.step("wait", 14);
         assertEquals(Boolean.FALSE, big.get("complete"));
         String why = String.valueOf(((Map<?, ?>) run.summary().get("incomplete")).get("wait pool=14"));
         assertTrue(why.startsWith("pool did not open: pool 14 is larger than the server's max_connections 10"), why);
         @SuppressWarnings("unchecked")
         List<Map<String, Object>> counters = (List<Map<String, Object>>) run.summary().get("server");
         Map<String, Object> refused = counters.stream().filter(r -> "wait pool=14".equals(r.get("step")))
               .findFirst().orElseThrow();
         assertTrue(count(refused, "Connection_errors_max_connections") > 0, refused.toString());
         Map<String, Object> fits = counters.stream().filter(r -> "wait pool=02".equals(r.get("step")))
               .findFirst().orElseThrow();
         assertEquals(0L, count(fits, "Connection_errors_max_connections"), fits.toString());
         assertTrue(count(fits, "Threads_connected") >= 2, "the pool's connections are open: " + fits);
      }
   }

   /** A mix on one pool and the same mix on a pool per kind, in one run, each kind reported apart. */
   @Test
   void aMixReportsEachKindOnOnePoolAndOnSplitPools() throws IOException {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "mix", "mix", "wait:75,cpu:25",
            "rows", "2000", "sleepMs", "2", "pools", "2", "users", "4", "seconds", "1", "warmup", "0.1",
            "splitPools", "true"), false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> kinds = (List<Map<String, Object>>) run.summary().get("kinds");
      for (String step : List.of("mix", "mix split")) {
         Map<String, Object> whole = run.step(step, 2);
         List<Map<String, Object>> rows = kinds.stream().filter(k -> (step + " pool=2").equals(k.get("step")))
               .toList();
         assertEquals(List.of("cpu", "wait"), rows.stream().map(k -> k.get("kind")).toList(), kinds.toString());
         long wait = count(rows.get(1), "ok");
         long cpu = count(rows.get(0), "ok");
         assertEquals(count(whole, "ok"), wait + cpu, "every operation is of one kind");
         // weights 75:25: with 40 operations or more, fewer waits than cpu scans is a one-in-thousands draw
         assertTrue(wait + cpu < 40 || wait > cpu, "more wait than cpu: " + wait + " / " + cpu);
         assertTrue(ms(rows.get(1), "query", "p50") >= 2, "the wait kind sleeps 2 ms: " + rows.get(1));
      }
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> server = (List<Map<String, Object>>) run.summary().get("server");
      long shared = count(server.stream().filter(r -> "mix pool=2".equals(r.get("step"))).findFirst().orElseThrow(),
            "Connections");
      long perKind = count(server.stream().filter(r -> "mix split pool=2".equals(r.get("step"))).findFirst()
            .orElseThrow(), "Connections");
      assertEquals(2, shared, "one pool of 2");
      assertEquals(4, perKind, "a pool of 2 per kind");
      String page = Files.readString(run.folder().resolve("index.html"));
      assertTrue(page.contains("Each kind of a mixed workload"), "the page compares both");
      assertTrue(page.contains("<td>mix split pool=2</td><td>cpu</td>"), "the page compares both");
   }

   @Test
   void aValueTheServerRefusesIsOneLineNamingTheOption() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait", "pools", "1",
            "seconds", "0.2", "db.serverOption", "thread_handling=bogus"), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Ddb.serverOption: MariaDB 11.4.5 refuses"
            + " --thread-handling=bogus: Error while setting value 'bogus' to 'thread_handling'"), run.failure());
      assertEquals(1, run.failure().lines().count(), run.failure());
      assertTrue(run.folder() == null || run.steps() == null || run.steps().isEmpty(), "no step ran");
   }

   /** Unpooled, every operation opens a connection, several round trips each; a pool pays them once. */
   @Test
   void cpoolCompareMeasuresThroughTheRoundTrip() {
      GatlingRun.Result run = GatlingRun.run(CpoolCompare.class, Map.of("options", "hikari:2:2,none", "users", "2",
            "ops", "4", "repeat", "1", "rttMs", "5"), false);
      assertEquals(0, run.exitCode(), run.console());
      assertEquals(5, ((Number) ((Map<?, ?>) run.summary().get("settings")).get("rttMs")).intValue());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> runs = (List<Map<String, Object>>) run.summary().get("runs");
      Map<String, Object> pooled = runs.stream().filter(r -> "hikari:2:2".equals(r.get("option"))
            && ((Number) r.get("run")).intValue() == 1).findFirst().orElseThrow();
      Map<String, Object> unpooled = runs.stream().filter(r -> "none".equals(r.get("option"))
            && ((Number) r.get("run")).intValue() == 1).findFirst().orElseThrow();
      assertTrue(ms(pooled, "query", "avg") >= 5, "a statement costs a round trip: " + pooled.get("query"));
      assertTrue(ms(unpooled, "acquire", "avg") >= 3 * 5, "opening a connection costs several round trips: "
            + unpooled.get("acquire"));
      assertTrue(ms(pooled, "acquire", "avg") < 5, "a pooled connection is handed out without one: "
            + pooled.get("acquire"));
   }
}
