package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Outage;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real short Outage on the embedded MariaDB, blackholed for 3 s with a 2 s connection timeout: HikariCP's
 * getConnection honours it, and the lab itself never blocks longer than the pool and the driver's timeouts do.
 */
@RunsAlone("the sampler's gaps must stay under 1 s, and users leave within the timeouts and 1 s")
class OutageIntegrationTest {
   private static final int SOCKET_TIMEOUT_MS = 2_500;

   @Test
   void hikariHonoursItsTimeoutThroughABlackholeAndTheLabNeverBlocksLonger() throws IOException {
      GatlingRun.Result run = GatlingRun.run(Outage.class, Map.of("source", "hikari,vibur", "down", "blackhole",
            "connectionTimeoutMs", "2000", "socketTimeoutMs", Integer.toString(SOCKET_TIMEOUT_MS),
            "steadySeconds", "1", "downSeconds", "3", "afterSeconds", "2.5", "users", "4", "pool", "2"), false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sources = (List<Map<String, Object>>) run.summary().get("sources");
      assertEquals(List.of("hikari", "vibur"), sources.stream().map(s -> s.get("source")).toList());
      for (Map<String, Object> s : sources) {
         assertTrue(s.containsKey("recoverySeconds") && s.containsKey("failed"), s.toString());
         double longest = ((Number) s.get("longestAcquireMs")).doubleValue();
         assertTrue(((Number) s.get("ok")).longValue() > 0, s.toString());
         // the lab's sampler kept its 100 ms beat through the outage, and the users left as soon as the pool and
         // the driver let them: the lab blocked no longer than they did
         assertTrue(((Number) s.get("longestSampleGapMs")).doubleValue() < 1_000, s.toString());
         assertTrue(((Number) s.get("usersLeftAfterMs")).doubleValue() <= Math.max(longest, SOCKET_TIMEOUT_MS)
               + 1_000, s.toString());
      }
      Map<String, Object> hikari = sources.get(0);
      assertTrue(((Number) hikari.get("longestAcquireMs")).doubleValue() < 3_000, hikari.toString());
      assertTrue(((Number) hikari.get("failed")).longValue() > 0, "a 3 s black hole fails operations: " + hikari);
      assertTrue(String.valueOf(hikari.get("answer")).startsWith("honours its 2 s timeout"), hikari.toString());
      List<String> timeline = Files.readAllLines(run.folder().resolve("outage-timeline.csv"));
      assertTrue(timeline.stream().anyMatch(l -> l.startsWith("hikari,")), timeline.toString());
      assertTrue(timeline.stream().anyMatch(l -> l.startsWith("vibur,")), timeline.toString());
      assertTrue(Files.exists(run.folder().resolve("index.html")));
      assertTrue(Files.exists(run.folder().resolve("outage-hikari-connections.svg")));
   }
}
