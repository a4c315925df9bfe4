package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.HandshakeVersionProxy;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "which server it was": a MariaDB that greets MySQL clients as {@code 5.5.5-10.11.6-MariaDB} (every MariaDB
 * before 11 does) is reported as MariaDB 10.11.6, not 5.5.5. The greeting is the real server's with its version
 * rewritten on the way.
 */
class ServerVersionTest {

   @Test
   void mariaDbTenReachedThroughTheMySqlDriverIsNamedByItsOwnVersion() {
      ExternalServer server = ExternalServer.get();
      try (HandshakeVersionProxy proxy = new HandshakeVersionProxy(server.port(), "5.5.5-10.11.6-MariaDB-0+deb12u1")) {
         GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("db.url", "jdbc:mysql://127.0.0.1:"
               + proxy.port() + "/demo?useSSL=false&allowPublicKeyRetrieval=true", "db.user", "root", "pools", "1",
               "users", "2", "seconds", "0.3", "warmup", "0", "workloads", "wait"), false);
         assertEquals(0, run.exitCode(), run.console());
         assertEquals("MariaDB 10.11.6", ((Map<?, ?>) run.summary().get("settings")).get("database"),
               run.summary().toString());
         assertTrue(run.console().contains("jdbc-pool-lab: MariaDB 10.11.6 at "), run.console());
         assertFalse(run.console().contains("5.5.5"), run.console());
      }
   }
}
