package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.SQLException;

/** What differs between database products: the workload statements and the schema. */
public interface Dialect {

   String name();

   /** A statement that holds its connection for the given time while using no CPU. */
   String waitSql(int sleepMillis);

   /** A statement that scans the whole {@code big} table and burns CPU on every row. */
   String cpuSql();

   /** Creates the {@code big} table with exactly {@code rows} rows unless it already exists complete. */
   void ensureBigTable(Connection connection, int rows) throws SQLException;

   static Dialect forUrl(String url) {
      if (url == null || !url.startsWith("jdbc:")) {
         throw new IllegalArgumentException("not a JDBC URL: " + Redactor.url(url));
      }
      if (url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:")) {
         return new MySqlDialect();
      }
      throw new IllegalArgumentException("unsupported database URL " + Redactor.url(url)
            + " (supported: jdbc:mysql:, jdbc:mariadb:)");
   }
}
