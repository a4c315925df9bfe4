package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

/** The dialect of each product the lab knows, chosen by its JDBC URL. */
public final class Dialects {
   private Dialects() {
   }

   public static Dialect forUrl(String url) {
      if (url == null || !url.startsWith("jdbc:")) {
         throw new IllegalArgumentException("not a JDBC URL: " + Redactor.url(url));
      }
      if (url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:")) {
         return new MySqlDialect();
      }
      if (url.startsWith("jdbc:postgresql:")) {
         return new PostgresDialect();
      }
      if (url.startsWith("jdbc:oracle:thin:")) {
         return new OracleDialect();
      }
      throw new IllegalArgumentException("unsupported database URL " + Redactor.url(url)
            + " (supported: jdbc:mysql:, jdbc:mariadb:, jdbc:postgresql:, jdbc:oracle:thin:)");
   }
}
