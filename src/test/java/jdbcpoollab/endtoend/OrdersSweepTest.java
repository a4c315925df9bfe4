package jdbcpoollab.endtoend;

import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.simulations.OrdersSweep;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingLog;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.AfterAll;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example of a team's own workload, run briefly on the embedded MariaDB: the database itself shows that the
 * statements used the feeder's customer ids (and no other), each about as often as a random feeder gives it, and
 * that every checkout was one transaction; each request and statement is reported apart.
 */
class OrdersSweepTest {
   private static EmbeddedMariaDb server;
   private static GatlingRun.Result run;
   private static Connection db;
   private static GatlingRun.Result dry;
   private static GatlingLog gatlingLog;

   @BeforeAll
   static void runExample() throws SQLException {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      db = server.start().connect();
      Map<String, String> options = new HashMap<>(Map.of("db.url", "jdbc:mysql://127.0.0.1:" + server.port() + "/"
            + EmbeddedMariaDb.DATABASE, "db.user", "root", "warmup", "0"));
      options.putAll(Map.of("pools", "2,4", "seconds", "1", "users", "8", "thinkMs", "5"));
      run = GatlingRun.run(OrdersSweep.class, options, true);
      gatlingLog = GatlingLog.newest(Path.of(System.getProperty("lab.gatlingResults")));
      options.putAll(Map.of("pools", "2", "seconds", "5", "users", "4", "thinkMs", "0", "workloads", "custom",
            "sql", "@src/test/resources/orders-checkout.sql", "sql.writes", "true", "sql.transaction", "true",
            "feeder", "customers.csv", "feeder.strategy", "queue"));
      dry = GatlingRun.run(PoolSweep.class, options, false);
   }

   @AfterAll
   static void stop() throws SQLException {
      if (db != null) {
         db.close();
      }
      if (server != null) {
         server.close();
      }
   }

   private static Map<Integer, Integer> counts(String sql) throws SQLException {
      Map<Integer, Integer> counts = new HashMap<>();
      try (Statement st = db.createStatement(); ResultSet rows = st.executeQuery(sql)) {
         while (rows.next()) {
            counts.put(rows.getInt(1), rows.getInt(2));
         }
      }
      return counts;
   }

   @Test
   void theCheckoutsTouchedOnlyTheFeedersCustomersEachAboutAsOftenAsARandomFeederGivesIt()
         throws SQLException, IOException {
      assertEquals(0, run.exitCode(), run.console());
      Set<Integer> feeder = Files.readAllLines(Path.of("src/test/resources/customers.csv")).stream().skip(1)
            .map(Integer::valueOf).collect(Collectors.toSet());
      Map<Integer, Integer> checkouts = counts("SELECT id, checkouts FROM customers WHERE checkouts > 0");
      Map<Integer, Integer> orders = counts("SELECT customer_id, COUNT(*) FROM orders WHERE id > 40000"
            + " GROUP BY customer_id");
      assertTrue(feeder.containsAll(checkouts.keySet()), "customers outside the feeder: " + checkouts.keySet());
      assertEquals(checkouts, orders, "each checkout's order and count committed together");
      assertEquals(counts("SELECT 1, COUNT(*) FROM orders WHERE id > 40000"),
            counts("SELECT 1, COUNT(*) FROM order_lines WHERE id > 80000"), "one line per new order");
      int n = checkouts.values().stream().mapToInt(Integer::intValue).sum();
      double distinct = feeder.size() * (1 - Math.pow(1 - 1.0 / feeder.size(), n));
      assertTrue(n > 100, n + " checkouts in 2 s");
      assertTrue(checkouts.size() >= 0.8 * distinct, checkouts.size() + " of " + feeder.size() + " customers after "
            + n + " random draws, about " + Math.round(distinct) + " expected");
      int most = checkouts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
      assertTrue(most <= 3.0 * n / feeder.size() + 10, "one customer " + most + " times of " + n);
   }

   @Test
   @SuppressWarnings("unchecked")
   void eachRequestAndStatementIsReportedApart() throws IOException {
      List<Map<String, Object>> kinds = (List<Map<String, Object>>) run.summary().get("kinds");
      Set<String> names = kinds.stream().map(k -> (String) k.get("kind")).collect(Collectors.toSet());
      assertEquals(Set.of("checkout", "checkout / customer", "checkout / order", "checkout / line",
            "checkout / count", "checkout / commit", "browse", "browse / recent orders"), names);
      for (String request : List.of("checkout", "checkout / order", "browse / recent orders")) {
         assertTrue(gatlingLog.requests("orders pool=2 " + request) > 0, request + " in Gatling's report");
      }
      String page = Files.readString(run.folder().resolve("index.html"));
      assertTrue(page.contains("checkout / commit"), "the page's per-statement rows");
      assertTrue(page.contains("R + Z") && page.contains("users / (S1 + Z)"), "the answer counts the think time");
   }

   @Test
   void theFileFormRunsEachQueuedIdOnceThenEndsTheStepDry() throws SQLException {
      assertTrue(dry.console().contains("ran dry"), dry.console());
      Map<String, Object> step = dry.step("custom", 2);
      assertEquals(false, step.get("complete"), "the step ended when the queue did");
      Map<Integer, Integer> refunds = counts("SELECT id, COUNT(*) FROM order_lines WHERE product = -1 GROUP BY id");
      Map<Integer, Integer> perCustomer = counts("SELECT o.customer_id, COUNT(*) FROM order_lines l JOIN orders o"
            + " ON o.id = l.order_id WHERE l.product = -1 GROUP BY o.customer_id");
      assertEquals(200, perCustomer.size(), "every id of the queue once: " + refunds.size() + " lines");
      assertTrue(perCustomer.values().stream().allMatch(c -> c == 1), "each id exactly once: " + perCustomer);
   }
}
