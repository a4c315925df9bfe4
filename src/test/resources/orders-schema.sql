-- OrdersSweep's tables (MySQL/MariaDB), made anew before every run; their rows are made by the lab
DROP TABLE IF EXISTS order_lines, orders, customers;
CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, checkouts INT NOT NULL);
CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL, KEY (customer_id));
CREATE TABLE order_lines (id INT AUTO_INCREMENT PRIMARY KEY, order_id INT NOT NULL, product INT NOT NULL,
   KEY (order_id));
