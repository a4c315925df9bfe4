-- OrdersSweep's checkout without Java: -Dsql=@src/test/resources/orders-checkout.sql -Dsql.writes=true
-- -Dsql.transaction=true -Dfeeder=src/test/resources/customers.csv (MySQL/MariaDB)
SELECT name FROM customers WHERE id = #{customerId};
INSERT INTO orders (customer_id) VALUES (#{customerId});
INSERT INTO order_lines (order_id, product) VALUES (LAST_INSERT_ID(), -1);
UPDATE customers SET checkouts = checkouts + 1 WHERE id = #{customerId};
