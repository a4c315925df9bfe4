package jdbcpoollab.run;

import jdbcpoollab.db.Database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Whether the lab's account can write on a server of the user's, as the server grants it: said in one line at the
 * start of a run that must not write, since a read-only account is the one guarantee the lab cannot give itself
 * (docs/your-workload.md).
 */
final class AccountWrites {
   static final String SAFER = "an account that can only read is safer (docs/your-workload.md#what-the-read-only"
         + "-guard-stops-and-what-it-cannot)";

   private AccountWrites() {
   }

   /** The line for {@code database}'s account. */
   static String line(Database database) {
      String who = "the lab's account" + (database.user() == null ? "" : " " + database.user());
      try (Connection c = database.connect()) {
         String privilege = database.dialect().writePrivilege(c);
         return privilege == null ? who + " cannot write on " + database.productVersion() + " (its grants only read)"
               : who + " can write on " + database.productVersion() + " (" + privilege + "): the run holds its "
               + "sessions read-only and counts the rows the server writes, but " + SAFER;
      } catch (SQLException e) {
         return who + ": whether it can write on " + database.productVersion() + " is not known (" + e.getMessage()
               + "); " + SAFER;
      }
   }
}
