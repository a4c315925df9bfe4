package jdbcpoollab.engines;

import jdbcpoollab.load.OpenStep;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** RateSweep's plan is the product of its named axes, in the order of the nested loops it replaced. */
class RateSweepPlanTest {

   @Test
   void aRateSweepGoesOverWorkloadsThenPoolsThenSources() {
      Properties p = new Properties();
      p.putAll(Map.of("workloads", "wait,cpu", "pools", "2,4", "source", "hikari,dbcp2", "jvmWarmup", "0"));
      RateSweepEngine sweep = RateSweepEngine.from(new Options(p, Map.of()));
      assertEquals(List.of("wait hikari pool=2", "wait dbcp2 pool=2", "wait hikari pool=4", "wait dbcp2 pool=4",
                  "cpu hikari pool=2", "cpu dbcp2 pool=2", "cpu hikari pool=4", "cpu dbcp2 pool=4"),
            sweep.steps().stream().map(OpenStep::requestName).toList());
   }

   @Test
   void theJvmsWarmUpComesFirstUnlessItIsOff() {
      Properties p = new Properties();
      p.putAll(Map.of("workloads", "wait", "pools", "2,4", "jvmWarmup", "3"));
      RateSweepEngine sweep = RateSweepEngine.from(new Options(p, Map.of()));
      assertEquals(List.of("jvm warm-up 1", "jvm warm-up 2", "wait pool=2", "wait pool=4"),
            sweep.steps().stream().map(OpenStep::requestName).toList());
   }
}
