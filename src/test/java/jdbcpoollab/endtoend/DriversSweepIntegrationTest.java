package jdbcpoollab.endtoend;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.Drivers;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Ddriver on the embedded MariaDB: each source through MySQL Connector/J and MariaDB Connector/J, interleaved. */
class DriversSweepIntegrationTest {

   @Test
   void eachSourceRunsThroughEachDriverInTurn() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of("source", "hikari,none",
            "driver", "mysql,mariadb", "pools", "2", "users", "4", "seconds", "1", "warmup", "0",
            "workloads", "wait"), false);
      assertEquals(0, run.exitCode(), run.console());
      List<Map<String, Object>> steps = run.steps();
      assertEquals(List.of("hikari/mysql", "hikari/mariadb", "none/mysql", "none/mariadb"),
            steps.stream().map(s -> s.get("source")).toList());
      for (Map<String, Object> step : steps) {
         assertTrue(((Number) step.get("ok")).longValue() > 0, step.toString());
         assertEquals(0L, ((Number) step.get("ko")).longValue(), step.toString());
      }
      assertTrue(run.console().contains("wait hikari/mariadb pool=2: done,"), run.console());
      assertEquals(List.of("mysql (MySQL Connector/J)", "mariadb (MariaDB Connector/J)"),
            ((Map<?, ?>) run.summary().get("settings")).get("drivers"));
   }

   @Test
   void aDatabaseThroughADriverConnectsWithThatDriver() throws Exception {
      try (EmbeddedMariaDb server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 20)) {
         Database database = server.start();
         for (String name : List.of("mariadb", "mysql")) {
            Database through = database.through(Drivers.DEFAULT.find(name).orElseThrow());
            assertTrue(through.url().startsWith("jdbc:" + name + "://127.0.0.1:"), through.safeUrl());
            try (Connection c = through.connect()) {
               String driver = Database.describeDriver(c);
               assertTrue(driver.startsWith(name.equals("mysql") ? "MySQL Connector/J" : "MariaDB Connector/J"), driver);
            }
         }
      }
   }
}
