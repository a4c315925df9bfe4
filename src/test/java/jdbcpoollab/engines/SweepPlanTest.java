package jdbcpoollab.engines;

import jdbcpoollab.db.Driver;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import jdbcpoollab.runoptions.PoolSweepOptions;

/** PoolSweep's plan is the product of its named axes: the steps of the nested loops it replaced, in their order. */
class SweepPlanTest {

   private static PoolSweepOptions sweep(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return PoolSweepOptions.from(new Options(p, Map.of()));
   }

   /** The plan as nine nested loops wrote it, the reference. */
   private static List<SweepPlace> nested(PoolSweepOptions options) {
      List<Driver> drivers = options.drivers().isEmpty() ? Arrays.asList((Driver) null) : options.drivers();
      List<DriverProps> sets = options.driverProps().isEmpty() ? Arrays.asList((DriverProps) null)
            : options.driverProps();
      List<SweepPlace> plan = new ArrayList<>();
      for (int pass = 1; pass <= options.repeat(); pass++) {
         for (int rtt : options.rttMs()) {
            for (Workload workload : options.workloads()) {
               for (boolean split : options.split(workload) ? List.of(false, true) : List.of(false)) {
                  for (int instances : options.instances()) {
                     for (int pool : options.pools()) {
                        for (PoolLibrary source : options.sources()) {
                           for (Driver driver : drivers) {
                              for (DriverProps props : sets) {
                                 plan.add(new SweepPlace(workload, rtt, split, instances, pool, source, driver, props,
                                       pass));
                              }
                           }
                        }
                     }
                  }
               }
            }
         }
      }
      return plan;
   }

   @Test
   void theAxesGiveTheStepsOfTheNestedLoopsInTheirOrder() {
      List<Map<String, String>> cases = List.of(
            Map.of(),
            Map.of("repeat", "2", "rttMs", "0,3", "workloads", "wait,mix", "mix", "point:1,wait:1", "splitPools",
                  "true", "pools", "1,4", "source", "hikari,vibur", "driver", "mysql,mariadb"),
            Map.of("instances", "1,2", "users", "8", "pools", "2,1", "workloads", "cpu,wait", "source", "none,ucp"));
      for (Map<String, String> props : cases) {
         PoolSweepOptions options = sweep(props);
         assertEquals(nested(options), SweepPlace.plan(options), props.toString());
      }
      assertEquals(2 * 2 * (1 + 2) * 2 * 2 * 2, SweepPlace.plan(sweep(cases.get(1))).size(),
            "a split mix twice, the wait workload once");
   }

   @Test
   void theAxesAreNamedOutermostFirst() {
      assertEquals(List.of("repetition", "rttMs", "workload", "split", "instances", "pool", "source", "driver",
            "props"), SweepPlace.axes(sweep(Map.of())).names());
      assertThrows(IllegalArgumentException.class, () -> new Axes().axis("pool", List.of(1)).axis("pool", List.of(2)));
      assertEquals(List.of(List.of(1, "a"), List.of(1, "b"), List.of(2, "a"), List.of(2, "b")), new Axes()
            .axis("n", List.of(1, 2)).axis("s", List.of("a", "b")).product().stream()
            .map(at -> List.of(at.get("n", Integer.class), at.get("s", String.class))).toList());
   }
}
