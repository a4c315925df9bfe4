package jdbcpoollab.load;

import jdbcpoollab.db.RowWrites;
import jdbcpoollab.measure.DatabaseActivity;

import java.util.Map;
import java.util.function.Consumer;

/**
 * One read-only step's rows written, as the server counts them: read before its source opens ({@link #begin}),
 * every {@value #EVERY_MILLIS} ms while it runs ({@link #check}, by its sampler) and after its source closed
 * ({@link #end}). The first reading that sees rows written hands their counts to {@code wrote}, once.
 */
final class StepWrites {
   static final long EVERY_MILLIS = 500;

   private final RowWrites counters;
   private final Consumer<Map<String, Long>> wrote;
   private volatile Map<String, Long> before = Map.of();
   private volatile boolean seen;

   StepWrites(RowWrites counters, Consumer<Map<String, Long>> wrote) {
      this.counters = counters;
      this.wrote = wrote;
   }

   /**
    * Before the step's source opens, once the sessions of the step before (a step that may write, on PostgreSQL)
    * have reported their counts.
    */
   void begin() {
      before = counters.readSettled();
   }

   /** While the step runs: rows written since {@link #begin} stop it. */
   void check() {
      if (!seen && !before.isEmpty()) {
         judge(RowWrites.moved(before, counters.read()));
      }
   }

   /** After the step's source closed: what each counter moved by over the step; null when they were not read. */
   Map<String, Long> end() {
      try {
         Map<String, Long> moved = before.isEmpty() ? Map.of() : RowWrites.moved(before, counters.readSettled());
         judge(moved);
         return moved.isEmpty() ? null : moved;
      } finally {
         counters.close();
      }
   }

   /** {@code database} with the rows {@code writes} counted over its step; as it is for a step without a guard. */
   static DatabaseActivity counted(StepWrites writes, DatabaseActivity database) {
      return writes == null ? database : database.withRowsWritten(writes.end());
   }

   private synchronized void judge(Map<String, Long> moved) {
      if (!seen && RowWrites.total(moved) > 0) {
         seen = true;
         wrote.accept(moved);
      }
   }
}
