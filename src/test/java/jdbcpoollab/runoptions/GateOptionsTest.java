package jdbcpoollab.runoptions;

import jdbcpoollab.analysis.Gate;
import jdbcpoollab.files.Json;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateOptionsTest {

   private static GateOptions gates(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return GateOptions.from(new Options(p, Map.of()));
   }

   private static String error(Map<String, String> props) {
      return assertThrows(OptionException.class, () -> gates(props)).getMessage();
   }

   @Test
   void noGateUnlessAskedFor() {
      GateOptions none = gates(Map.of());
      assertFalse(none.any());
      assertEquals(List.of(), none.limits());
      assertNull(none.baseline());
   }

   @Test
   void eachLimitOptionIsOneGate() {
      GateOptions g = gates(Map.of("assert.p99AcquireMs", "100", "assert.p99TotalMs", "250.5",
            "assert.minThroughput", "50", "assert.maxKoPercent", "0"));
      assertEquals(List.of("p99AcquireMs", "p99TotalMs", "minThroughput", "maxKoPercent"),
            g.limits().stream().map(Gate::name).toList());
      assertEquals(250.5, g.limits().get(1).limit());
      assertEquals("p99AcquireMs ≤ 100, p99TotalMs ≤ 250.5, minThroughput ≥ 50, maxKoPercent ≤ 0", g.describe());
   }

   @Test
   void aToleranceWithoutABaselineIsRefused() {
      assertEquals("bad option -Dassert.tolerancePct=5: allowed is only with -Dbaseline, the run whose numbers it "
            + "bounds", error(Map.of("assert.tolerancePct", "5")));
   }

   @Test
   void badLimitsAreOneLineNamingTheOption() {
      assertEquals("bad option -Dassert.p99AcquireMs=0: allowed is a number above 0 to 86400000",
            error(Map.of("assert.p99AcquireMs", "0")));
      assertEquals("bad option -Dassert.maxKoPercent=101: allowed is a number from 0 to 100",
            error(Map.of("assert.maxKoPercent", "101")));
      assertTrue(error(Map.of("assert.minThroughput", "fast")).startsWith("bad option -Dassert.minThroughput=fast"));
      assertTrue(error(Map.of("assert.tolerancePct", "-5")).startsWith("bad option -Dassert.tolerancePct=-5"));
   }

   @Test
   void theBaselineMustBeARunSummary(@TempDir Path dir) throws Exception {
      Path missing = dir.resolve("nope.json");
      assertEquals("bad option -Dbaseline=" + missing + ": allowed is the summary.json of an earlier run, or its run "
            + "folder (no such file or folder)", error(Map.of("baseline", missing.toString())));
      assertTrue(error(Map.of("baseline", dir.toString())).endsWith("(a folder without summary.json: not a run "
            + "folder)"));
      Path notJson = Files.writeString(dir.resolve("x.json"), "hello");
      assertTrue(error(Map.of("baseline", notJson.toString())).endsWith("(not a JSON object)"));
      Path noSteps = dir.resolve("empty.json");
      Json.write(noSteps, Map.of("steps", List.of()));
      assertTrue(error(Map.of("baseline", noSteps.toString())).endsWith("(it has no steps)"));

      Path good = dir.resolve("summary.json");
      Json.write(good, Map.of("steps", List.of(Map.of("workload", "wait", "pool", 1, "throughput", 100.0,
            "total", Map.of("p99", 5.0), "complete", true))));
      GateOptions g = gates(Map.of("baseline", good.toString(), "assert.tolerancePct", "5"));
      assertTrue(g.any());
      assertEquals(5.0, g.baseline().tolerancePct());
      assertEquals("baseline " + good + " (tolerance 5%)", g.describe());
   }
}
