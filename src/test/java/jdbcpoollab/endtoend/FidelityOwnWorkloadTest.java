package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.Fidelity;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.workloads.SqlScript;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static jdbcpoollab.endtoend.PoolSweepIntegrationTest.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fidelity on a user's own workload, the example's checkout as a file of statements bound from the customers'
 * feeder: the lab and the plain threads run the same requests, statement by statement, and the database shows that
 * they bound only the feeder's ids.
 */
class FidelityOwnWorkloadTest {
   private static ExternalServer server;
   private static GatlingRun.Result run;

   @BeforeAll
   static void benchmark() throws SQLException {
      server = ExternalServer.get();
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         for (String sql : SqlScript.read("orders-schema.sql")) {
            st.execute(sql);
         }
      }
      Map<String, String> options = new HashMap<>(Map.of("db.url", server.url(), "db.user", "root", "pools", "1,8",
            "users", "8", "seconds", "1", "warmup", "0.3", "s1Seconds", "0.3", "rounds", "1"));
      options.putAll(Map.of("workloads", "custom", "sql", "@src/test/resources/orders-checkout.sql",
            "sql.writes", "true", "sql.transaction", "true", "feeder", "customers.csv"));
      run = GatlingRun.run(Fidelity.class, options, false);
   }

   @SuppressWarnings("unchecked")
   private static List<Map<String, Object>> list(String key) {
      return (List<Map<String, Object>>) run.summary().get(key);
   }

   @Test
   void theLabAndThePlainThreadsRanTheSameRequestsStatementByStatement() {
      assertEquals(0, run.exitCode(), run.console());
      Map<String, Set<String>> kindsByStep = new HashMap<>();
      for (Map<String, Object> k : list("kinds")) {
         assertTrue(number(k, "ok") > 0, k.toString());
         kindsByStep.computeIfAbsent((String) k.get("step"), s -> new TreeSet<>()).add((String) k.get("kind"));
      }
      Set<String> statements = Set.of("statement 1", "statement 2", "statement 3", "statement 4", "commit").stream()
            .map(s -> "custom / " + s).collect(Collectors.toCollection(TreeSet::new));
      for (String contender : List.of("lab", "raw")) {
         for (String pool : List.of("1", "8")) {
            String step = "custom/" + contender + "/r1 pool=" + pool;
            assertEquals(statements, kindsByStep.get(step), step + " of " + kindsByStep.keySet());
         }
      }
      for (Map<String, Object> row : list("fidelity")) {
         assertTrue(number(row, "lab") > 0 && number(row, "raw") > 0, row.toString());
         assertNull(row.get("plugin"), "the plugin's plain query cannot bind a feeder: " + row);
      }
   }

   @Test
   void bothBoundOnlyTheFeedersIds() throws SQLException, IOException {
      Set<Integer> feeder = Files.readAllLines(Path.of("src/test/resources/customers.csv")).stream().skip(1)
            .map(Integer::valueOf).collect(Collectors.toSet());
      Set<Integer> ordered = new HashSet<>();
      long orders = 0;
      try (Connection c = server.root().connect(); Statement st = c.createStatement();
           ResultSet rows = st.executeQuery("SELECT o.customer_id, COUNT(*) FROM orders o JOIN order_lines l"
                 + " ON l.order_id = o.id WHERE l.product = -1 GROUP BY o.customer_id")) {
         while (rows.next()) {
            ordered.add(rows.getInt(1));
            orders += rows.getLong(2);
         }
      }
      assertTrue(feeder.containsAll(ordered), "ids outside the feeder: " + ordered);
      assertTrue(orders > 100, orders + " checkouts");
      assertTrue(ordered.size() > feeder.size() / 2, ordered.size() + " of " + feeder.size() + " ids after " + orders
            + " random draws");
   }
}
