package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A real short sweep of the wait workload on the embedded MariaDB, the default database. */
class PoolSweepIntegrationTest extends WaitSweepContract {
   @BeforeAll
   void runSweep() {
      run = GatlingRun.run(PoolSweep.class, WAIT_SWEEP, true);
   }

   @Test
   void theReportNamesTheEmbeddedServerAndNeedsNoTableForTheWaitWorkload() {
      assertEquals(2, run.steps().size());
      assertRanOn("MariaDB " + EmbeddedMariaDb.VERSION, "MySQL Connector/J");
      assertEquals("not needed", settings(run).get("table big"));
   }
}
