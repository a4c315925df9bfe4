package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

import static jdbcpoollab.measure.Latencies.DIGITS;

/**
 * The time between a user's operation that ended inside the window and its next one: the harness's share of the
 * loop (the gaps) and the user's own (its think times). Thread-safe.
 */
final class BetweenOperations {
   private final Recorder gaps = new Recorder(DIGITS);
   private final Histogram gapsSoFar = new Histogram(DIGITS);
   private final LongAdder thinkNanos = new LongAdder();
   private final LongAdder thinks = new LongAdder();

   /** The harness took {@code nanos} from the end of a user's operation to the start of its next one. */
   void gap(long nanos) {
      gaps.recordValue(Math.max(0, nanos));
   }

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

   /** The gaps recorded so far, in nanoseconds. */
   synchronized Histogram gaps() {
      gapsSoFar.add(gaps.getIntervalHistogram());
      return gapsSoFar.copy();
   }
}
