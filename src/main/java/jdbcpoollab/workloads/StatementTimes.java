package jdbcpoollab.workloads;

import java.util.ArrayList;
import java.util.List;

/**
 * Each statement's time in one operation of several, told by the workload as it runs them, read by the step that
 * times the operation. One per user's thread, cleared before each operation.
 */
public final class StatementTimes {
   /** One statement: its name, when it started and ended ({@link System#nanoTime()}), and its failure or null. */
   public record Time(String name, long startNanos, long endNanos, String error) {
      public long nanos() {
         return endNanos - startNanos;
      }
   }

   private final List<Time> times = new ArrayList<>();

   public void add(String name, long startNanos, long endNanos, String error) {
      times.add(new Time(name, startNanos, endNanos, error));
   }

   /** The statements of the operation so far, in the order they ran. */
   public List<Time> times() {
      return times;
   }

   public void clear() {
      times.clear();
   }
}
