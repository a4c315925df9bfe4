package jdbcpoollab.run;

import jdbcpoollab.db.Database;
import jdbcpoollab.workloads.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * One operation of a workload before any load, so a statement the database rejects ends the run with one line
 * instead of a sweep of failures: exit 64 for the user's own SQL, 69 for the lab's.
 */
final class FirstOperation {
   private FirstOperation() {
   }

   /** Runs one operation of {@code workload} on {@code base} (its read-only side for a read-only workload). */
   static void run(Workload workload, Database base, RunEnd end) {
      Database database = workload.readOnly() ? base.readOnly() : base;
      try (Connection c = database.connect()) {
         workload.prepare(c);
         c.setReadOnly(workload.readOnly());
         workload.run(c);
      } catch (SQLException e) {
         // PostgreSQL adds "Where:" lines below its error: the run ends in one line
         String why = e.getMessage() == null ? null
               : database.redact(e.getMessage().strip().replaceAll("\\s*\\n\\s*", " "));
         boolean refusedAsWrite = why != null && why.toLowerCase(Locale.ROOT).matches("(?s).*read[ -]only.*");
         String readOnly = workload.readOnly() && refusedAsWrite ? " (custom statements run on read-only "
               + "connections; add -Dsql.writes=true to run one that writes)" : "";
         throw workload.usersOwn()
               ? end.failed(Exit.BAD_OPTION, "bad " + workload.writtenIn() + ": " + database.productVersion()
                     + " rejects it: " + why + readOnly)
               : end.failed(Exit.DATABASE_UNAVAILABLE, "the " + workload.name() + " statement fails on "
                     + database.productVersion() + ": " + why);
      }
   }
}
