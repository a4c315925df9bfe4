package jdbcpoollab.simulations;

import jdbcpoollab.workloads.OwnWorkload;

/** OrdersSweep's shop: its tables (orders-schema.sql, MySQL/MariaDB) and their rows, made anew before every run. */
final class OrdersShop {
   private OrdersShop() {
   }

   /** {@code workload} with the shop's tables: 20,000 customers, 40,000 orders, 80,000 order lines. */
   static OwnWorkload.Builder tables(OwnWorkload.Builder workload) {
      return workload.setupFile("orders-schema.sql")
            .rows(20_000, "INSERT INTO customers (id, name, checkouts) VALUES", "(#{n}, 'a customer', 0)")
            .rows(40_000, "INSERT INTO orders (id, customer_id) VALUES", "(#{n}, MOD(#{n}, 20000) + 1)")
            .rows(80_000, "INSERT INTO order_lines (order_id, product) VALUES",
                  "(MOD(#{n}, 40000) + 1, MOD(#{n}, 500))");
   }
}
