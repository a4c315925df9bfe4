package jdbcpoollab.load;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.RowWrites;
import jdbcpoollab.workloads.Workload;

import java.sql.SQLException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The server's own word on a read-only run: each step of a workload that must not write ({@link Workload#readOnly})
 * reads the rows the server counts written ({@link RowWrites}) before, while (its sampler, every 500 ms) and after it
 * runs. Rows written stop that step at once and the steps after it do not start: the run ends with one line naming
 * the step, what it ran and the rows counted ({@link #stopped}). The counters are every client's together, and the
 * line says so.
 */
public final class WriteWatch {
   /** At most this much of the statements in the line. */
   private static final int SHOWN = 200;

   private final Database database;
   private volatile String stopped;

   WriteWatch(Database database) {
      this.database = database;
   }

   /**
    * Before a step of {@code workload} named {@code step} opens: refused once an earlier read-only step wrote rows;
    * else its guard, the counts read before it ({@link StepWrites#begin}), which {@code stop} stops with the line.
    * Null for a workload that may write, or a server whose counters the lab does not read.
    */
   StepWrites open(Workload workload, String step, Consumer<String> stop) throws SQLException {
      if (stopped != null) {
         throw new SQLException("not started: an earlier read-only step wrote rows");
      }
      RowWrites counters = workload.readOnly() ? RowWrites.of(database) : null;
      if (counters == null) {
         return null;
      }
      StepWrites writes = new StepWrites(counters, moved -> stop.accept(wrote(step, workload, moved)));
      writes.begin();
      return writes;
   }

   /** The run's one line once a read-only step wrote rows; null while none did. */
   public String stopped() {
      return stopped;
   }

   private synchronized String wrote(String step, Workload workload, Map<String, Long> moved) {
      String shown = workload.shown().strip().replaceAll("\\s+", " ");
      String line = "a read-only step wrote rows: " + step + " ran " + (shown.length() > SHOWN
            ? shown.substring(0, SHOWN) + "…" : shown) + ", and the server counted " + RowWrites.total(moved)
            + " rows written while it ran (" + RowWrites.describe(moved) + "); the step stopped"
            + " there and the run with it. The counts are the server's, every client's together: if no other client"
            + " wrote, this statement did, through its read-only session (a procedure or function that turns the"
            + " session read-write). Statements that write run with -Dsql.writes=true or -Dreplay.writes=true,"
            + " against data you can lose; an account that can only read keeps a read-only run from writing at all";
      if (stopped == null) {
         stopped = line;
      }
      return line;
   }
}
