package jdbcpoollab.engines;

import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The sweeps' budgets, now from the one formula (run/Budget), are the seconds their own formulas gave them. */
class EngineBudgetsTest {

   private static Options options(Map<String, String> given) {
      Properties p = new Properties();
      p.putAll(given);
      return new Options(p, Map.of());
   }

   @Test
   void aPoolSweepHasTheBudgetItHadBefore() {
      PoolSweepEngine sweep = PoolSweepEngine.from(options(Map.of("pools", "1,2,4", "workloads", "wait,cpu",
            "warmup", "1", "seconds", "3", "connectionTimeoutMs", "2500", "jvmWarmup", "0")));
      int steps = sweep.steps().size();
      // (long) (steps * (warmup + seconds + 2 * connectionTimeoutMs / 1000.0 + 30) + jvmWarmup) + 60
      assertEquals(Duration.ofSeconds((long) (steps * (1 + 3 + 2 * 2500 / 1000.0 + 30)) + 60), sweep.maxDuration());
   }

   @Test
   void aRateSweepHasTheBudgetItHadBefore() {
      RateSweepEngine sweep = RateSweepEngine.from(options(Map.of("pools", "4,8,16,32", "rate", "200",
            "warmup", "1", "seconds", "5", "connectionTimeoutMs", "1500", "jvmWarmup", "0")));
      assertEquals(4, sweep.steps().size());
      // (long) (steps * (arrivals + 2 * connectionTimeoutMs / 1000.0 + 30)) + 60, arrivals ceil(1 + 5 + 0.5 + 5/200)
      assertEquals(Duration.ofSeconds((long) (4 * (7 + 2 * 1500 / 1000.0 + 30)) + 60), sweep.maxDuration());
   }

   @Test
   void aRateSweepsBudgetHoldsEachPhaseOfItsJvmWarmUpAsAStepOfItsArrivals() {
      RateSweepEngine sweep = RateSweepEngine.from(options(Map.of("pools", "4,8,16,32", "rate", "200",
            "warmup", "1", "seconds", "5", "connectionTimeoutMs", "1500", "jvmWarmup", "9.5")));
      assertEquals(6, sweep.steps().size());
      // the planned steps as before, and the warm-up's ceil(9.5) s of arrivals in phases of 7 and 3 s, each with two
      // timeouts and a step's margin
      assertEquals(Duration.ofSeconds((long) (4 * (7 + 2 * 1500 / 1000.0 + 30) + (7 + 2 * 1500 / 1000.0 + 30)
            + (3 + 2 * 1500 / 1000.0 + 30)) + 60), sweep.maxDuration());
   }
}
