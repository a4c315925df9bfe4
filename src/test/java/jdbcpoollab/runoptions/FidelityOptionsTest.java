package jdbcpoollab.runoptions;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FidelityOptionsTest {

   private static FidelityOptions fidelity(Map<String, String> props) {
      Properties p = new Properties();
      p.putAll(props);
      return FidelityOptions.from(new Options(p, Map.of()));
   }

   @Test
   void everyWorkloadIsTakenWithItsOptions() {
      FidelityOptions o = fidelity(Map.of("workloads", "txn,mix", "holdMs", "2", "mix", "wait:1,point:2"));
      assertEquals(List.of("txn", "mix"), o.workloads().stream().map(w -> w.name()).toList());
   }

   /** A file of statements bound from a feeder is a contender too; a queue would be shared out and run dry. */
   @Test
   void aUsersOwnFileOfStatementsIsTakenAndAQueueFeederRefused() {
      Map<String, String> own = Map.of("workloads", "custom", "sql", "@src/test/resources/orders-checkout.sql",
            "sql.writes", "true", "sql.transaction", "true", "feeder", "customers.csv");
      FidelityOptions o = fidelity(own);
      assertTrue(!o.workloads().get(0).plainQuery(), "the plugin's plain query cannot run it");
      Map<String, String> queue = new java.util.HashMap<>(own);
      queue.put("feeder.strategy", "queue");
      String message = assertThrows(OptionException.class, () -> fidelity(queue)).getMessage();
      assertTrue(message.startsWith("bad option -Dfeeder.strategy=queue: "), message);
   }

   /** Fidelity states no gate to Gatling: a gate would be accepted and never end the run with 2. */
   @Test
   void gatesAreRefused() {
      String message = assertThrows(OptionException.class, () -> fidelity(Map.of("assert.minThroughput", "100")))
            .getMessage();
      assertTrue(message.startsWith("bad option -Dassert.* or -Dbaseline: gates are checked on PoolSweep's and "
            + "RateSweep's steps; Fidelity has none"), message);
   }

   /** The twin is asked for by name, true or false, and off by default: it adds a window to every block. */
   @Test
   void theTwinIsOffUnlessAskedForAndAnythingButTrueOrFalseRefused() {
      assertFalse(fidelity(Map.of()).twin());
      assertTrue(fidelity(Map.of("twin", "true")).twin());
      String message = assertThrows(OptionException.class, () -> fidelity(Map.of("twin", "yes"))).getMessage();
      assertTrue(message.startsWith("bad option -Dtwin=yes"), message);
   }

   /** Every contender's pool is the registry's HikariCP, described as summary.json has always recorded it. */
   @Test
   void theSettingsNameTheOneConfigurationOfAllThreeContenders() {
      assertEquals("hikari (minimumIdle = maximumPoolSize = pool), the same configuration for all three",
            fidelity(Map.of()).settings("plugin").source());
   }
}
