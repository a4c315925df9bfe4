package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.CpoolCompare;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real short comparison on the embedded MariaDB, checked against the server's own Connections counter. */
class CpoolCompareIntegrationTest {
   private static final int USERS = 8;
   private static final int OPS = 6;
   private static final int CMAX = 4;
   private static GatlingRun.Result run;

   @BeforeAll
   static void compare() {
      run = GatlingRun.run(CpoolCompare.class, Map.of("options", "hikari:2:" + CMAX + ":1,ucp:2:" + CMAX + ":1,none",
            "users", Integer.toString(USERS), "ops", Integer.toString(OPS), "repeat", "2"), true);
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> runs() {
      return (List<Map<String, Object>>) run.summary().get("runs");
   }

   private static List<Map<String, Object>> runs(String option) {
      return runs().stream().filter(r -> option.equals(r.get("option"))).toList();
   }

   private static long number(Map<String, Object> map, String key) {
      return ((Number) map.get(key)).longValue();
   }

   @Test
   void everyRunOfEveryOptionCompletesInterleavedAfterAWarmUp() {
      assertEquals(0, run.exitCode());
      assertEquals("complete", run.summary().get("state"));
      assertFalse(run.console().contains("wall time"), "a sweep's wall-time line has no meaning here");
      List<String> order = runs().stream().map(r -> r.get("run") + " " + r.get("option")).toList();
      assertEquals(List.of("0 hikari:2:4:1", "0 ucp:2:4:1", "0 none", "1 hikari:2:4:1", "1 ucp:2:4:1", "1 none",
            "2 hikari:2:4:1", "2 ucp:2:4:1", "2 none"), order);
      for (Map<String, Object> r : runs()) {
         // every run inserts rows above the kept ones from the same first id: a duplicate key would fail if the
         // work table were not reset between runs
         assertEquals(USERS * OPS, number(r, "ok"), r.toString());
         assertEquals(0, number(r, "ko"), r.toString());
         assertTrue(((Number) r.get("seconds")).doubleValue() > 0);
      }
   }

   @Test
   void unpooledOpensAPhysicalConnectionPerOperationAndAPoolAtMostCmax() {
      for (Map<String, Object> r : runs()) {
         assertEquals(List.of("Connections", "Threads_created", "Max_used_connections", "Threads_connected",
               "Aborted_connects", "Connection_errors_max_connections"),
               List.copyOf(((Map<?, ?>) r.get("server")).keySet()), r.toString());
      }
      for (Map<String, Object> r : runs("none")) {
         assertTrue(number(r, "connections") >= USERS * OPS, "none: " + r.get("connections") + " connections for "
               + USERS * OPS + " operations");
      }
      for (String pooled : List.of("hikari:2:4:1", "ucp:2:4:1")) {
         for (Map<String, Object> r : runs(pooled)) {
            long connections = number(r, "connections");
            assertTrue(connections >= 2 && connections <= CMAX, pooled + ": " + connections + " connections");
         }
      }
   }

   @Test
   void statisticsCompareEachPoolWithTheUnpooledRuns() {
      assertEquals("none", run.summary().get("baselineOption"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> statistics = (List<Map<String, Object>>) run.summary().get("statistics");
      assertEquals(List.of("hikari:2:4:1", "ucp:2:4:1", "none"), statistics.stream().map(s -> s.get("option")).toList());
      for (Map<String, Object> s : statistics) {
         assertEquals(2, ((List<?>) s.get("seconds")).size(), "the warm-up is not counted");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> vs = (Map<String, Object>) statistics.get(0).get("vsBaseline");
      assertTrue(String.valueOf(vs.get("verdict")).matches("(not )?significant at 5%|n/a \\(no spread\\)"), vs.toString());
   }

   @Test
   void summariesAndGatlingsReportAreWritten() throws IOException {
      String md = Files.readString(run.folder().resolve("summary.md"));
      assertTrue(md.contains("| run | hikari:2:4:1 | ucp:2:4:1 | none |"), md);
      assertTrue(md.contains("| saving |"), md);
      assertEquals(1 + 9, Files.readAllLines(run.folder().resolve("summary.csv")).size());
      assertEquals(USERS, ((Number) ((Map<?, ?>) run.summary().get("settings")).get("users")).intValue());
      try (Stream<Path> reports = Files.list(Path.of(System.getProperty("lab.gatlingResults")))) {
         assertTrue(reports.anyMatch(d -> d.getFileName().toString().startsWith("cpoolcompare-")
               && Files.exists(d.resolve("index.html"))), "Gatling's HTML report");
      }
   }
}
