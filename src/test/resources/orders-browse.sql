-- OrdersSweep's read-only browse without Java, two statements per request (MySQL/MariaDB):
-- -Dsql=@src/test/resources/orders-browse.sql -Dfeeder=src/test/resources/customers.csv
SELECT name, checkouts FROM customers WHERE id = #{customerId};
SELECT o.id, COUNT(l.id) FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id WHERE o.customer_id = #{customerId} GROUP BY o.id LIMIT 10;
