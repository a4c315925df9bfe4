package jdbcpoollab.simulations;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real short sweep of the wait workload on the embedded MariaDB, the default database. */
class PoolSweepIntegrationTest extends WaitSweepContract {
   private static GatlingRun.Result run;

   @BeforeAll
   static void runSweep() {
      run = GatlingRun.run(PoolSweep.class, WAIT_SWEEP, true);
   }

   @Override
   GatlingRun.Result sweep() {
      return run;
   }

   @Test
   void theReportNamesTheEmbeddedServerAndNeedsNoTableForTheWaitWorkload() {
      assertEquals(2, run.steps().size());
      assertTrue(String.valueOf(settings(run).get("database")).startsWith("MariaDB 11.4"), settings(run).toString());
      assertEquals("not needed", settings(run).get("table big"));
   }
}
