package jdbcpoollab.run;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.RowWrites;
import jdbcpoollab.workloads.Workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;

/**
 * One operation of a workload before any load, so a statement the database rejects ends the run with one line
 * instead of a sweep of failures: exit 64 for the user's own SQL, 69 for the lab's. A read-only workload's runs in a
 * transaction rolled back, on its read-only session, with the server's count of rows written read around it: one
 * that turns its session read-write (a procedure that sets {@code transaction_read_only}, a function that calls
 * {@code set_config}) or that the server counts rows written for ends the run with one line (exit 64), its writes,
 * where the server can, rolled back.
 */
final class FirstOperation {
   private FirstOperation() {
   }

   /** Runs one operation of {@code workload} on {@code base} (its read-only side for a read-only workload). */
   static void run(Workload workload, Database base, RunEnd end) {
      try (RowWrites counters = workload.readOnly() ? RowWrites.of(base) : null) {
         run(workload, base, counters, end);
      }
   }

   /** The try, with the server's count of rows written around it; {@code counters} null where none is read. */
   private static void run(Workload workload, Database base, RowWrites counters, RunEnd end) {
      Database database = workload.readOnly() ? base.readOnly() : base;
      Map<String, Long> before = counters == null ? Map.of() : counters.read();
      boolean turned;
      try (Connection c = database.connect()) {
         workload.prepare(c);
         c.setReadOnly(workload.readOnly());
         turned = workload.readOnly() ? turnsReadWrite(workload, c, database) : runs(workload, c);
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
      Map<String, Long> moved = counters == null || before.isEmpty() ? Map.of()
            : RowWrites.moved(before, counters.readSettled());
      if (turned || RowWrites.total(moved) > 0) {
         throw end.failed(Exit.BAD_OPTION, "bad " + workload.writtenIn() + ": " + (turned
               ? "it turns its read-only session read-write (a procedure or function that sets transaction_read_only"
               + " or default_transaction_read_only)" : "it wrote on its read-only session")
               + (RowWrites.total(moved) == 0 ? ""
               : "; the server counted " + RowWrites.total(moved) + " rows written while it ran"
               + " once before the load (" + RowWrites.describe(moved) + "; every client's together)")
               + ". That try was rolled back where the server could; add -Dsql.writes=true or -Dreplay.writes=true"
               + " to run statements that write, against data you can lose");
      }
   }

   private static boolean runs(Workload workload, Connection c) throws SQLException {
      workload.run(c);
      return false;
   }

   /**
    * Runs one operation in a transaction rolled back, on a product with read-only sessions (elsewhere the workload
    * runs in a read-only transaction of its own); true when the session no longer holds itself read-only after it.
    */
   private static boolean turnsReadWrite(Workload workload, Connection c, Database database) throws SQLException {
      String check = database.dialect().stillReadOnlySql(database.productVersion());
      if (check == null) {
         return runs(workload, c);
      }
      c.setAutoCommit(false);
      try {
         workload.run(c);
         try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(check)) {
            return !rs.next() || !rs.getBoolean(1);
         }
      } finally {
         if (!c.getAutoCommit()) {
            c.rollback();
         }
      }
   }
}
