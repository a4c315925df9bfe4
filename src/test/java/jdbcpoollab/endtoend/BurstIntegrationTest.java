package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Burst;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real short Burst on the embedded MariaDB: pools of 2 to 10 connections, every handshake 100 ms late, then 10
 * users at once. Each pool serves the burst opening connections beyond its minimum but never beyond its maximum, by
 * the server's own count, and every new connection's handshake was at least 100 ms late.
 */
class BurstIntegrationTest {
   private static final int MIN_IDLE = 2;
   private static final int MAX_POOL = 10;
   private static final int CONNECT_MS = 100;

   @Test
   void aBurstOpensConnectionsBeyondMinIdleWithinMaxPoolEachHandshakeDelayed() throws IOException {
      GatlingRun.Result run = GatlingRun.run(Burst.class, Map.of("source", "hikari,vibur", "minIdle",
            Integer.toString(MIN_IDLE), "maxPool", Integer.toString(MAX_POOL), "connectMs",
            Integer.toString(CONNECT_MS), "burst", "10", "ops", "5", "idleSeconds", "0.3", "maxSeconds", "10"),
            false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sources = (List<Map<String, Object>>) run.summary().get("sources");
      assertEquals(List.of("hikari", "vibur"), sources.stream().map(s -> s.get("source")).toList());
      for (Map<String, Object> s : sources) {
         long opened = ((Number) s.get("connectionsOpened")).longValue();
         assertTrue(opened >= MIN_IDLE + 1 && opened <= MAX_POOL, "by the server's count: " + s);
         assertEquals(opened, ((Number) s.get("proxyAccepted")).longValue(), s.toString());
         assertTrue(((Number) s.get("quickestHandshakeMs")).doubleValue() >= CONNECT_MS, s.toString());
         assertNotNull(s.get("burstServedMs"), "every operation completed: " + s);
         assertEquals(0L, ((Number) s.get("failed")).longValue(), s.toString());
         assertEquals(50L, ((Number) s.get("ok")).longValue(), s.toString());
         assertTrue(((Number) s.get("longestAcquireMs")).doubleValue() > 0, s.toString());
         assertTrue(String.valueOf(s.get("answer")).startsWith("served the burst in "), s.toString());
      }
      List<String> timeline = Files.readAllLines(run.folder().resolve("burst-timeline.csv"));
      // sampled every 10 ms: far more rows than the burst's few hundred ms would give at 100 ms
      assertTrue(timeline.stream().filter(l -> l.startsWith("hikari,")).count() >= 20, timeline.toString());
      // 10 users on 2 connections, each new one 100 ms away: some sample saw users waiting in getConnection
      assertTrue(timeline.stream().filter(l -> l.startsWith("hikari,"))
            .anyMatch(l -> Integer.parseInt(l.substring(l.lastIndexOf(',') + 1)) > 0), timeline.toString());
      assertTrue(Files.exists(run.folder().resolve("burst-vibur-connections.svg")));
   }

   /** Three users on one connection held 600 ms at a time: the others' getConnection fail after the 250 ms timeout. */
   @Test
   void failedWaitsAreTimedEachAsLongAsThePoolMadeItsCallerWait() {
      GatlingRun.Result run = GatlingRun.run(Burst.class, Map.of("source", "hikari", "minIdle", "1", "maxPool", "1",
            "connectMs", "0", "burst", "3", "ops", "2", "sleepMs", "600", "connectionTimeoutMs", "250",
            "idleSeconds", "0.3", "maxSeconds", "10"), false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      Map<String, Object> s = ((List<Map<String, Object>>) run.summary().get("sources")).get(0);
      @SuppressWarnings("unchecked")
      Map<String, Number> failedAcquire = (Map<String, Number>) s.get("failedAcquire");
      @SuppressWarnings("unchecked")
      long failedGetConnection = ((Map<String, Number>) s.get("failures")).entrySet().stream()
            .filter(e -> e.getKey().startsWith("getConnection: ")).mapToLong(e -> e.getValue().longValue()).sum();
      assertTrue(failedGetConnection > 0, s.toString());
      assertEquals(failedGetConnection, failedAcquire.get("count").longValue(), s.toString());
      assertTrue(failedAcquire.get("p50").doubleValue() >= 240, "each waited its timeout: " + s);
      assertTrue(failedAcquire.get("max").doubleValue() < 1_250, "none waited a second past it: " + s);
   }
}
