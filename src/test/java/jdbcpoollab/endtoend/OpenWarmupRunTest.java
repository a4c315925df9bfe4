package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.RateSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A RateSweep with its JVM warm-up: two phases of their own before the first step, each said on the console with the
 * requests it served and the JIT's compile time in each of its seconds, and neither of them in the run's steps.
 */
class OpenWarmupRunTest {

   @Test
   void theWarmUpRunsInTwoPhasesBeforeTheFirstStepAndIsNotAStepOfTheRun() {
      GatlingRun.Result run = GatlingRun.run(RateSweep.class, Map.of("rate", "100", "pools", "2", "seconds", "1",
            "warmup", "0", "workloads", "wait", "jvmWarmup", "3"), false);
      assertEquals(0, run.exitCode(), run.console());
      for (int phase = 1; phase <= 2; phase++) {
         assertTrue(Pattern.compile("jvm warm-up " + phase + " on wait pool=2, 100 requests/s of its own statements: "
               + "[0-9.]+ s, [0-9,]+ requests served, ").matcher(run.console()).find(), run.console());
      }
      assertTrue(run.console().indexOf("jvm warm-up 2 on") < run.console().indexOf("wait pool=2: done"),
            run.console());
      List<Map<String, Object>> steps = run.steps();
      assertEquals(List.of("wait"), steps.stream().map(s -> s.get("workload")).toList(), steps.toString());
   }
}
