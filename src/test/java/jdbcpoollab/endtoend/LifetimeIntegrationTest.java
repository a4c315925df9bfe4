package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Lifetime;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real short Lifetime on the embedded MariaDB: the proxy cuts every connection 1 s after it opened, shorter than the
 * rounds' pauses, and the pools are given a 700 ms maximum lifetime. DBCP2 checks a connection's lifetime as it lends
 * it and as it takes it back, so none of its connections is in use when the cut comes: nothing fails. HikariCP raises
 * a lifetime under 30 s to its 30 min default: its connections outlive the cut, and those cut while in use fail.
 */
class LifetimeIntegrationTest {

   @Test
   void aLifetimeBelowTheCutFailsLessThanOneAboveItAndCutConnectionsAreReplaced() throws IOException {
      GatlingRun.Result run = GatlingRun.run(Lifetime.class, Map.of("source", "hikari,dbcp2", "pool", "2", "users",
            "2", "rounds", "2", "workSeconds", "1.5", "pauseSeconds", "1.2", "cutAfterMs", "1000", "maxLifetimeMs",
            "700"), false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sources = (List<Map<String, Object>>) run.summary().get("sources");
      assertEquals(List.of("hikari", "dbcp2"), sources.stream().map(s -> s.get("source")).toList());
      Map<String, Object> hikari = sources.get(0);
      Map<String, Object> dbcp2 = sources.get(1);
      for (Map<String, Object> s : sources) {
         assertTrue(((Number) s.get("connectionsReplaced")).longValue() > 0, s.toString());
         assertTrue(((Number) s.get("ok")).longValue() > 0, s.toString());
         assertTrue(s.containsKey("failedPer1000") && s.containsKey("longestAcquireMs"), s.toString());
      }
      assertTrue(((Number) hikari.get("cutByProxy")).longValue() > 0, hikari.toString());
      assertTrue(((Number) hikari.get("failed")).longValue() > 0, "cuts under load fail operations: " + hikari);
      assertEquals(0L, ((Number) dbcp2.get("failed")).longValue(), "retired before the cut: " + dbcp2);
      assertTrue(((Number) dbcp2.get("failedPer1000")).doubleValue()
            < ((Number) hikari.get("failedPer1000")).doubleValue(), sources.toString());
      List<String> timeline = Files.readAllLines(run.folder().resolve("lifetime-timeline.csv"));
      assertTrue(timeline.stream().anyMatch(l -> l.startsWith("dbcp2,")), timeline.toString());
   }
}
