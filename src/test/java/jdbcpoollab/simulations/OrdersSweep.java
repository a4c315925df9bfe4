package jdbcpoollab.simulations;

import jdbcpoollab.engines.PoolSweepEngine;
import jdbcpoollab.engines.SweepSimulation;
import jdbcpoollab.workloads.OwnWorkload;

import static io.gatling.javaapi.core.CoreDsl.csv;
import static jdbcpoollab.gatling.JdbcWorkload.*;
import static jdbcpoollab.workloads.Think.*;

/** Your own workload (docs/your-workload.md): a shop's checkouts and browsing, 90/10, 200 users thinking between. */
public class OrdersSweep extends SweepSimulation {

   // The workload: the shop's tables (OrdersShop), customer ids from a feeder, two kinds of request, think time
   private static OwnWorkload orders() {
      return OrdersShop.tables(workload("orders", csv("customers.csv").random()))
            .request(90, transaction("checkout",
                  sql("customer", "SELECT name FROM customers WHERE id = #{customerId}"), pause(uniform(1, 5)),
                  sql("order", "INSERT INTO orders (customer_id) VALUES (#{customerId})"), pause(uniform(1, 5)),
                  sql("line", "INSERT INTO order_lines (order_id, product) VALUES (LAST_INSERT_ID(), 7)"),
                  sql("count", "UPDATE customers SET checkouts = checkouts + 1 WHERE id = #{customerId}")))
            .request(10, request("browse", sql("recent orders", "SELECT o.id, COUNT(l.id) FROM orders o LEFT JOIN"
                  + " order_lines l ON l.order_id = o.id WHERE o.customer_id = #{customerId} GROUP BY o.id LIMIT 10")))
            .thinkBetweenRequests(exponential(100)).build();
   }

   // The sweep: every pool size over it, 200 users unless -Dusers says otherwise, and PoolSweep's other options
   private final PoolSweepEngine sweep = sweep(OrdersSweep::orders, 200);

   {
      setUp(sweep.population()).protocols(sweep.pools()).assertions(sweep.assertions())
            .maxDuration(sweep.maxDuration());
   }
}
