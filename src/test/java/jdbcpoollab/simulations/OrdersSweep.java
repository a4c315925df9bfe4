package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.run.PoolSweepEngine;
import jdbcpoollab.workloads.OwnWorkload;

import static io.gatling.javaapi.core.CoreDsl.csv;
import static jdbcpoollab.gatling.JdbcWorkload.*;
import static jdbcpoollab.workloads.Think.*;

/** Your own workload (docs/your-workload.md): a shop's checkouts and browsing, 90/10, 200 users thinking between. */
public class OrdersSweep extends Simulation {

   // The workload: schema and rows, customer ids from a feeder, two kinds of request, think time between requests
   private static OwnWorkload orders() {
      return workload("orders", csv("customers.csv").random())
            .setupFile("orders-schema.sql")
            .rows(20_000, "INSERT INTO customers (id, name, checkouts) VALUES", "(#{n}, 'a customer', 0)")
            .rows(40_000, "INSERT INTO orders (id, customer_id) VALUES", "(#{n}, MOD(#{n}, 20000) + 1)")
            .rows(80_000, "INSERT INTO order_lines (order_id, product) VALUES",
                  "(MOD(#{n}, 40000) + 1, MOD(#{n}, 500))")
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
   private final PoolSweepEngine sweep = PoolSweepEngine.of(this, OrdersSweep::orders, 200);

   @Override
   public void before() {
      sweep.start();
   }

   @Override
   public void after() {
      sweep.finish();
   }

   {
      setUp(sweep.population()).protocols(sweep.pools()).assertions(sweep.assertions())
            .maxDuration(sweep.maxDuration());
   }
}
