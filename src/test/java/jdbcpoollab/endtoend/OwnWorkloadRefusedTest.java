package jdbcpoollab.endtoend;

import jdbcpoollab.engines.PoolSweepEngine;
import jdbcpoollab.engines.SweepSimulation;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.workloads.OwnWorkload;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static jdbcpoollab.gatling.JdbcWorkload.request;
import static jdbcpoollab.gatling.JdbcWorkload.sql;
import static jdbcpoollab.gatling.JdbcWorkload.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A simulation's own workload whose statement the database rejects is refused before the load with one line that
 * names the workload's request and statement, not an option it was never given.
 */
class OwnWorkloadRefusedTest {

   /** A shop whose second statement reads a table nobody made. */
   public static class MissingTable extends SweepSimulation {
      private static OwnWorkload shop() {
         return workload("shop", listFeeder(List.of(Map.of("id", 1))).circular())
               .request(1, request("lookup", sql("first", "SELECT #{id}"), sql("missing",
                     "SELECT * FROM no_such_table_here WHERE id = #{id}")))
               .build();
      }

      private final PoolSweepEngine sweep = sweep(MissingTable::shop, 2);

      {
         setUp(sweep.population()).protocols(sweep.pools()).maxDuration(sweep.maxDuration());
      }
   }

   @Test
   void theRefusalNamesTheRequestAndTheStatement() {
      GatlingRun.Result run = GatlingRun.run(MissingTable.class, Map.of("pools", "1", "seconds", "0.1",
            "warmup", "0"), false);
      assertEquals(64, run.exitCode(), run.console());
      String line = run.failure();
      assertTrue(line.startsWith("jdbc-pool-lab: bad workload: request lookup: ")
            && line.contains(" rejects it: at missing: ") && line.contains("no_such_table_here"), line);
      assertTrue(!line.contains("-Dsql"), line);
   }
}
