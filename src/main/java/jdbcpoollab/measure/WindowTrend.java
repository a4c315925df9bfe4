package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;

import static jdbcpoollab.measure.Latencies.DIGITS;

/**
 * How a step's window went over time: the operations completed and the acquire waits of each sampling interval, and
 * the operations completed in each third of the window, for the drift check. Fed and read under its
 * {@link StepTotals}' lock.
 */
final class WindowTrend {
   private final Histogram intervalAcquire = new Histogram(DIGITS);
   private long intervalOk;
   private final long[] thirds = new long[3];

   /** An operation that ended inside the window waited {@code acquireNanos} for its connection. */
   void waited(long acquireNanos) {
      intervalAcquire.recordValue(acquireNanos);
   }

   /** An operation succeeded inside the window, in its third {@code third} (0, 1 or 2). */
   void completed(int third) {
      intervalOk++;
      thirds[third]++;
   }

   /** What happened since the previous call. */
   Interval interval() {
      long done = intervalOk;
      double p99 = intervalAcquire.getTotalCount() == 0 ? Double.NaN
            : Timing.ms(intervalAcquire.getValueAtPercentile(99));
      intervalOk = 0;
      intervalAcquire.reset();
      return new Interval(done, p99);
   }

   /** Throughput of the last third against the first, minus 1 ({@link StepChecks#drift}). */
   double drift() {
      return StepChecks.drift(thirds[0], thirds[2]);
   }

   /** Whether throughput held over the window ({@link StepChecks#steady}); null without operations to judge. */
   Boolean steady() {
      long first = thirds[0];
      long last = thirds[2];
      return first + last > 0 ? StepChecks.steady(first, last) : null;
   }
}
