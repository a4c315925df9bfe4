package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.RateSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real short RateSweep with {@code -Dsource}: each pool opened by each source, the steps named with it. */
class RateSweepSourcesIntegrationTest {

   @Test
   void eachSourceOpensItsOwnStepAndTheSummaryRecordsIt() {
      GatlingRun.Result run = GatlingRun.run(RateSweep.class, Map.of("source", "vibur,hikari", "rate", "100",
            "pools", "2", "seconds", "0.5", "warmup", "0.2", "workloads", "wait"), false);
      assertEquals(0, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      Map<String, Object> settings = (Map<String, Object>) run.summary().get("settings");
      assertEquals("vibur (poolInitialSize = poolMaxSize = pool); hikari (minimumIdle = maximumPoolSize = pool)",
            settings.get("source"));
      List<Map<String, Object>> steps = run.steps();
      assertEquals(List.of("vibur", "hikari"), steps.stream().map(s -> s.get("source")).toList(), steps.toString());
      assertTrue(steps.stream().allMatch(s -> ((Number) s.get("ok")).longValue() > 0), steps.toString());
      assertTrue(run.console().contains("wait vibur pool=2: pool filled in "), run.console());
      assertTrue(run.console().contains("wait hikari pool=2: pool filled in "), run.console());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> answers = (List<Map<String, Object>>) run.summary().get("answers");
      assertEquals(List.of("wait vibur", "wait hikari"), answers.stream().map(a -> a.get("workload")).toList());
   }
}
