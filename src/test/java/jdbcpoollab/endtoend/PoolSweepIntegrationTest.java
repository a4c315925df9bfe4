package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingLog;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real short sweep of the wait workload on the embedded MariaDB, the default database. */
class PoolSweepIntegrationTest extends WaitSweepContract {
   private GatlingLog gatlingLog;

   @BeforeAll
   void runSweep() {
      run = GatlingRun.run(PoolSweep.class, WAIT_SWEEP, true);
      gatlingLog = GatlingLog.newest(Path.of(System.getProperty("lab.gatlingResults")));
   }

   @Test
   void gatlingsLogHoldsEveryOperationTheLabCounted() {
      for (int pool : new int[] {1, 8}) {
         Map<String, Object> step = run.step("wait", pool);
         long counted = (long) (number(step, "ok") + number(step, "ko"));
         assertEquals(counted, gatlingLog.requests("wait pool=" + pool), "wait pool=" + pool);
      }
   }

   @Test
   void everyStepReportsTheClientsCpu() {
      for (int pool : new int[] {1, 8}) {
         @SuppressWarnings("unchecked")
         Map<String, Object> cpu = (Map<String, Object>) run.step("wait", pool).get("clientCpu");
         double share = number(cpu, "share");
         assertTrue(share > 0 && share < 1.5, cpu.toString());
         assertTrue(number(cpu, "microsPerOp") > 0, cpu.toString());
         assertEquals(share > 0.8, cpu.get("clientBound"), cpu.toString());
      }
      assertTrue(run.console().contains("client CPU "), "the step's console line names the client's CPU");
   }

   @Test
   void theReportNamesTheEmbeddedServerAndNeedsNoTableForTheWaitWorkload() {
      assertEquals(2, run.steps().size());
      assertRanOn("MariaDB " + EmbeddedMariaDb.VERSION, "MySQL Connector/J");
      assertEquals("not needed", settings(run).get("table big"));
   }
}
