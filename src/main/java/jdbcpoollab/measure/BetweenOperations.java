package jdbcpoollab.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * The users' own time between an operation that ended inside the window and their next one: their think times,
 * beside the harness's share of the loop (the gaps, in {@link StepTotals}). Thread-safe.
 */
final class BetweenOperations {
   private final LongAdder thinkNanos = new LongAdder();
   private final LongAdder thinks = new LongAdder();

   /** A user thought for {@code nanos} after an operation. */
   void thought(long nanos) {
      thinkNanos.add(nanos);
      thinks.increment();
   }

   /** The mean think time in nanoseconds, 0 when no user thought. */
   double thinkMeanNanos() {
      long thought = thinks.sum();
      return thought == 0 ? 0 : (double) thinkNanos.sum() / thought;
   }
}
