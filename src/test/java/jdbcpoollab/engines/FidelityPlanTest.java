package jdbcpoollab.engines;

import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.FidelityOptions;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Fidelity's plan is the product of its named axes: the blocks of the nested loops it replaced, in their order. */
class FidelityPlanTest {

   private static FidelityOptions fidelity(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return FidelityOptions.from(new Options(p, Map.of()));
   }

   @Test
   void theAxesGiveTheBlocksOfTheNestedLoopsInTheirOrder() {
      for (Map<String, String> props : List.of(Map.<String, String>of(), Map.of("rounds", "3"),
            Map.of("workloads", "point,wait,cpu", "pools", "2,1,16", "rounds", "2"))) {
         FidelityOptions options = fidelity(props);
         List<FidelityPlace> nested = new ArrayList<>();
         for (int round = 1; round <= options.rounds(); round++) {
            for (Workload workload : options.workloads()) {
               for (int pool : options.pools()) {
                  nested.add(new FidelityPlace(workload, pool, round));
               }
            }
         }
         assertEquals(nested, FidelityPlace.plan(options), props.toString());
         assertEquals(options.workloads().stream().map(w -> new FidelityPlace(w, options.largestPool(), 0)).toList(),
               FidelityPlace.warmup(options), props.toString());
      }
   }
}
