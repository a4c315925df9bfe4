package jdbcpoollab.db;

import java.util.List;
import java.util.Locale;

/**
 * The driver's own connect and socket timeouts, set on a database's URL so that no call on a connection whose server
 * stopped answering blocks for ever: MySQL and MariaDB Connector/J take milliseconds, PostgreSQL's driver seconds. A
 * URL that sets either already keeps its own.
 */
public final class DriverTimeouts {
   private DriverTimeouts() {
   }

   /** {@code database} with both timeouts of {@code ms}; a driver the lab cannot set them on is refused. */
   public static Database on(Database database, int ms) {
      String url = database.url();
      String lower = url.toLowerCase(Locale.ROOT);
      String value;
      if (lower.startsWith("jdbc:mysql:") || lower.startsWith("jdbc:mariadb:")) {
         value = Integer.toString(ms);
      } else if (lower.startsWith("jdbc:postgresql:")) {
         value = Integer.toString((int) Math.ceil(ms / 1000.0));
      } else {
         throw new IllegalArgumentException("the lab sets connect and socket timeouts on MySQL, MariaDB and"
               + " PostgreSQL URLs only, not on " + database.safeUrl());
      }
      StringBuilder joined = new StringBuilder(url);
      for (String name : List.of("connectTimeout", "socketTimeout")) {
         if (!lower.contains(name.toLowerCase(Locale.ROOT) + "=")) {
            joined.append(joined.indexOf("?") < 0 ? "?" : "&").append(name).append('=').append(value);
         }
      }
      return new Database(joined.toString(), database.user(), database.password());
   }
}
