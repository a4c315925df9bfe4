package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
import jdbcpoollab.simulations.Outage;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.LabProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static jdbcpoollab.endtoend.WaitSweepContract.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM to a real Outage of two sources: the source under way is kept, with what it measured until then, marked
 * incomplete, beside the sources that finished.
 */
class FaultSignalsTest {
   @TempDir
   Path tmp;

   @Test
   void sigtermDuringTheSecondSourceKeepsTheFirstAndThePartialSecond() throws IOException {
      List<Map<String, Object>> sources = interruptedAt("[2/2] ");
      assertEquals(List.of("hikari", "vibur"), sources.stream().map(s -> s.get("source")).toList(), sources.toString());
      assertNull(sources.get(0).get("incomplete"), sources.toString());
      assertTrue(number(sources.get(0), "ok") > 0, sources.toString());
      assertEquals("interrupted", sources.get(1).get("incomplete"), sources.toString());
      assertTrue(number(sources.get(1), "ok") > 0, "what it measured until then: " + sources);
   }

   @Test
   void sigtermDuringTheFirstSourceKeepsItPartial() throws IOException {
      List<Map<String, Object>> sources = interruptedAt("[1/2] ");
      assertEquals(1, sources.size(), sources.toString());
      assertEquals("hikari", sources.get(0).get("source"));
      assertEquals("interrupted", sources.get(0).get("incomplete"), sources.toString());
      assertTrue(number(sources.get(0), "ok") > 0, "what it measured until then: " + sources);
   }

   /** The sources of an Outage sent SIGTERM a second into the source whose line starts {@code [n/2] }. */
   @SuppressWarnings("unchecked")
   private List<Map<String, Object>> interruptedAt(String source) throws IOException {
      // the test JVM's server, by URL: the Gatling JVM starts none of its own, and the outage is the proxy's
      ExternalServer server = ExternalServer.get();
      Map<String, String> options = new HashMap<>(Map.of("lab.home", tmp.resolve("home").toString(),
            "lab.results", tmp.toString(), "lab.gatlingResults", tmp.resolve("gatling").toString(),
            "source", "hikari,vibur", "down", "refuse", "steadySeconds", "2", "downSeconds", "1",
            "afterSeconds", "2", "users", "4", "pool", "2"));
      options.putAll(Map.of("db.url", server.url(), "db.user", "root"));
      try (LabProcess gatling = LabProcess.gatling(Outage.class, options, Map.of(), tmp.resolve("run.log"))) {
         gatling.awaitOutput(source, Duration.ofMinutes(2));
         LabProcess.sleep(1000);
         gatling.signal("TERM");
         assertEquals(143, gatling.waitFor(Duration.ofSeconds(60)), gatling.output());
         assertTrue(gatling.output().contains("(interrupted)"), gatling.output());
      }
      try (Stream<Path> folders = Files.list(tmp)) {
         List<Path> runs = folders.filter(f -> f.getFileName().toString().endsWith("-Outage")).toList();
         assertEquals(1, runs.size(), runs.toString());
         Map<String, Object> summary = Json.read(runs.get(0).resolve("summary.json"));
         assertEquals("interrupted", summary.get("state"));
         assertTrue(summary.get("incomplete") instanceof Map<?, ?> m && m.containsValue("interrupted"),
               summary.toString());
         return (List<Map<String, Object>>) summary.get("sources");
      }
   }
}
