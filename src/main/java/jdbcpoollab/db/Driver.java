package jdbcpoollab.db;

/**
 * A JDBC driver the lab can choose for a server it speaks to, by the URL scheme the driver answers to.
 *
 * @param name    its name in options and reports, such as {@code mariadb}
 * @param scheme  the URL prefix only this driver accepts, such as {@code jdbc:mariadb:}
 * @param dialect the name of the {@link Dialect} of the servers it speaks to
 * @param title   the driver as a reader knows it, such as {@code MariaDB Connector/J}
 */
public record Driver(String name, String scheme, String dialect, String title) {

   /** Whether this driver speaks to a server of {@code dialect}. */
   public boolean fits(Dialect dialect) {
      return this.dialect.equals(dialect.name());
   }
}
