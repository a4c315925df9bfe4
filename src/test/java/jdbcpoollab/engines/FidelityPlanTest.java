package jdbcpoollab.engines;

import jdbcpoollab.options.Options;
import jdbcpoollab.runoptions.FidelityOptions;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fidelity's plan is the product of its named axes: the blocks of the nested loops it replaced, in their order; and
 * its budget, made by the lab's one formula, gives a run at least the seconds its own formula gave.
 */
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

   /** Per block and per run 60 s of margin, as before {@code run/Budget}: not one second less. */
   @Test
   void theBudgetGivesNoLessThanFidelitysOwnFormulaGave() {
      for (String twin : List.of("false", "true")) {
         for (String seconds : List.of("0.1", "1", "5", "2.7")) {
            for (String warmup : List.of("0", "0.3", "2")) {
               for (String timeout : List.of("250", "1234", "30000")) {
                  Map<String, String> props = new HashMap<>(Map.of("twin", twin, "seconds", seconds, "warmup", warmup,
                        "connectionTimeoutMs", timeout, "s1Seconds", "0.7", "rounds", "3"));
                  FidelityOptions options = fidelity(props);
                  long before = before(options);
                  long now = FidelityEngine.budget(options).toSeconds();
                  assertTrue(now >= before && now <= before + 1, props + ": " + now + " s, before " + before + " s");
               }
            }
         }
      }
      FidelityOptions defaults = fidelity(Map.of());
      assertEquals(before(defaults), FidelityEngine.budget(defaults).toSeconds());
   }

   /** The budget as FidelityEngine computed it before the lab's one formula. */
   private static long before(FidelityOptions options) {
      int twin = options.twin() ? 1 : 0;
      double perBlock = options.s1Seconds() + (4 + twin) * options.warmup() + (3 + twin) * options.seconds()
            + (6 + 2 * twin) * options.connectionTimeoutMs() / 1000.0 + 60;
      int blocks = options.rounds() * options.workloads().size() * options.pools().size() + options.workloads().size();
      return (long) (blocks * perBlock) + 120;
   }
}
