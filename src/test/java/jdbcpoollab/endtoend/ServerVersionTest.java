package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
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
 * rewritten on the way. The embedded MariaDB 11 reached by URL through MySQL Connector/J, which calls every server
 * "MySQL", is reported as MariaDB with that driver.
 */
class ServerVersionTest {

   @Test
   void mariaDbReachedByUrlThroughMySqlConnectorJIsNamedMariaDbWithThatDriver() {
      ExternalServer server = ExternalServer.get();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("db.url", server.url(), "db.user", "root",
            "pools", "1", "users", "2", "seconds", "0.3", "warmup", "0", "workloads", "wait"), false);
      assertEquals(0, run.exitCode(), run.console());
      Map<?, ?> settings = (Map<?, ?>) run.summary().get("settings");
      assertTrue(server.url().startsWith("jdbc:mysql:"), server.url());
      assertTrue(String.valueOf(settings.get("database")).startsWith("MariaDB " + EmbeddedMariaDb.VERSION),
            settings.toString());
      assertTrue(String.valueOf(settings.get("driver")).startsWith("MySQL Connector/J"), settings.toString());
   }

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
