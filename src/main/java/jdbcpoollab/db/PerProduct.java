package jdbcpoollab.db;

/**
 * One value for each database product the lab speaks, such as a workload's own statement: the run's {@link Dialect}
 * picks its product's with {@link Dialect#pick}. A new product adds a component here, and the compiler then names
 * every value still to write.
 *
 * @param mysql      for MySQL and MariaDB
 * @param postgresql for PostgreSQL
 * @param oracle     for Oracle Database
 */
public record PerProduct<T>(T mysql, T postgresql, T oracle) {
}
