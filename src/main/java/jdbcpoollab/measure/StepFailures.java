package jdbcpoollab.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The failed operations of a step, inside its window and outside it, and each failure's count by message. */
final class StepFailures {
   private final LongAdder ko = new LongAdder();
   private final LongAdder koOutside = new LongAdder();
   private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

   /** An operation failed inside the window with the normalised message {@code error}. */
   void inWindow(String error) {
      ko.increment();
      count(error);
   }

   /** An operation failed outside the window (in the warm-up or after the close). */
   void outside(String error) {
      koOutside.increment();
      count(error);
   }

   long ko() {
      return ko.sum();
   }

   long koOutside() {
      return koOutside.sum();
   }

   /** How often each message occurred, in and outside the window, by message. */
   Map<String, Long> counts() {
      Map<String, Long> counts = new TreeMap<>();
      errors.forEach((message, count) -> counts.put(message, count.sum()));
      return counts;
   }

   private void count(String error) {
      errors.computeIfAbsent(error, e -> new LongAdder()).increment();
   }
}
