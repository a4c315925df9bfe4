package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code -Ddb.serverOption} value the server adjusts (MariaDB raises {@code max_connections} below 10 to 10): the
 * run warns and records what the server runs with, beside what was asked.
 */
class ServerVariablesTest {

   @Test
   void theServersOwnValuesAreReadBackRecordedAndADifferenceIsSaid() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait", "pools", "1", "users", "1",
            "seconds", "0.2", "warmup", "0", "db.serverOption", "max_connections=3,wait_timeout=600"), false);
      assertEquals(0, run.exitCode(), run.console());
      Map<?, ?> settings = (Map<?, ?>) run.summary().get("settings");
      assertEquals(Map.of("max_connections", "3", "wait_timeout", "600"), settings.get("serverOptions"));
      assertEquals(Map.of("max_connections", "10", "wait_timeout", "600"), settings.get("serverVariables"));
      assertTrue(run.console().contains("jdbc-pool-lab: -Ddb.serverOption asked for max_connections=3; MariaDB 11.4.5 "
            + "runs with max_connections=10"), run.console());
      assertFalse(run.console().contains("asked for wait_timeout"), run.console());
   }
}
