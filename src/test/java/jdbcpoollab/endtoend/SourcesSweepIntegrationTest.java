package jdbcpoollab.endtoend;

import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real short sweep over every source of the registry at two pool sizes, on the embedded MariaDB: the sources of a
 * pool size run one after the other, every step is named by its source, the server saw a pool's fill and nothing
 * more from a pooled source and one connection per operation without a pool, and the page draws one line per source.
 */
class SourcesSweepIntegrationTest {
   private static final List<String> SOURCES = PoolLibraries.DEFAULT.all().stream().map(PoolLibrary::name).toList();
   private static final List<Integer> POOLS = List.of(1, 4);
   private static final int USERS = 8;
   private static GatlingRun.Result run;

   @BeforeAll
   static void sweep() {
      run = GatlingRun.run(PoolSweep.class, Map.of("source", String.join(",", SOURCES), "pools", "1,4",
            "users", Integer.toString(USERS), "seconds", "1", "warmup", "0", "workloads", "wait"), true);
   }

   @Test
   void everySourceRunsAtEveryPoolSizeInterleaved() {
      assertEquals(0, run.exitCode(), run.console());
      List<Map<String, Object>> steps = run.steps();
      assertEquals(SOURCES.size() * POOLS.size(), steps.size());
      for (int i = 0; i < steps.size(); i++) {
         Map<String, Object> step = steps.get(i);
         assertEquals(POOLS.get(i / SOURCES.size()), ((Number) step.get("pool")).intValue(), "pool 1 first, then 4");
         assertEquals(SOURCES.get(i % SOURCES.size()), step.get("source"), "every source at each pool size");
         assertTrue(((Number) step.get("ok")).longValue() > 0, step.toString());
         assertEquals(0L, ((Number) step.get("ko")).longValue(), step.toString());
         assertEquals(Boolean.TRUE, step.get("complete"));
      }
      for (String source : SOURCES) {
         assertTrue(run.console().contains("wait " + source + " pool=1: done,"), "progress line of " + source);
      }
   }

   @Test
   void theServerCountsThePoolsFillOrOneConnectionPerOperation() {
      for (Map<String, Object> step : run.steps()) {
         long connections = ((Number) step.get("serverConnections")).longValue();
         int pool = ((Number) step.get("pool")).intValue();
         long ok = ((Number) step.get("ok")).longValue();
         if (step.get("source").equals("none")) {
            // warm-up 0, so every operation is in the window but those that began as it closed: a user waiting for
            // one of the pool's permits still runs its operation, so at most one per user
            assertTrue(connections >= ok && connections <= ok + USERS, step.get("source") + " pool=" + pool + ": "
                  + connections + " connections for " + ok + " operations");
         } else {
            // DBCP2 opens one connection to check its factory as it starts, and closes it
            int probe = step.get("source").equals("dbcp2") ? 1 : 0;
            assertEquals(pool + probe, connections, step.get("source") + " pool=" + pool + ": the fill, and no more");
         }
      }
   }

   @Test
   void thePageDrawsOneLinePerSourceAndRecommendsPerSource() throws IOException {
      String page = Files.readString(run.folder().resolve("index.html"));
      for (String chart : List.of("throughput", "acquire", "fairness")) {
         String svg = Files.readString(run.folder().resolve("wait-sources-" + chart + ".svg"));
         assertTrue(page.contains("<img src=\"wait-sources-" + chart + ".svg\""), chart);
         for (String source : SOURCES) {
            assertTrue(svg.contains(">" + source + "<"), source + " on the " + chart + " chart");
         }
      }
      for (String source : SOURCES) {
         assertTrue(page.contains("wait " + source + ": pool "), "recommendation for " + source);
      }
      assertTrue(page.contains("<th>server connections</th>"), "the sources table");
      String index = Files.readString(run.folder().getParent().resolve("index.html"));
      assertTrue(index.contains("wait vibur: ") && index.contains("wait none: "), "the runs index, per source");
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.contains("## wait tomcat") && md.contains("## Sources side by side"), md);
   }
}
