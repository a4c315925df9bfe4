package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

import static jdbcpoollab.measure.Latencies.DIGITS;

/**
 * How a step's window went over time: the operations completed and the acquire waits of each sampling interval, and
 * the operations completed in each third of the window, for the drift check. Thread-safe.
 */
final class WindowTrend {
   private final Recorder intervalAcquire = new Recorder(DIGITS);
   private final LongAdder intervalOk = new LongAdder();
   private final LongAdder[] thirds = {new LongAdder(), new LongAdder(), new LongAdder()};
   /**
    * The previous interval's histogram, handed back to the recorder to record the next one in: a new one each
    * interval would start small and grow (a new array of counts) in a recording thread, on the operation's path.
    */
   private Histogram recycled;

   /** An operation that ended inside the window waited {@code acquireNanos} for its connection. */
   void waited(long acquireNanos) {
      intervalAcquire.recordValue(Math.max(0, acquireNanos));
   }

   /** An operation succeeded inside the window, in its third {@code third} (0, 1 or 2). */
   void completed(int third) {
      intervalOk.increment();
      thirds[third].increment();
   }

   /** What happened since the previous call. For one sampling thread at a time. */
   synchronized Interval interval() {
      long done = intervalOk.sumThenReset();
      Histogram waits = intervalAcquire.getIntervalHistogram(recycled);
      recycled = waits;
      return new Interval(done,
            waits.getTotalCount() == 0 ? Double.NaN : Timing.ms(waits.getValueAtPercentile(99)));
   }

   /** Throughput of the last third against the first, minus 1 ({@link StepChecks#drift}). */
   double drift() {
      return StepChecks.drift(thirds[0].sum(), thirds[2].sum());
   }

   /** Whether throughput held over the window ({@link StepChecks#steady}); null without operations to judge. */
   Boolean steady() {
      long first = thirds[0].sum();
      long last = thirds[2].sum();
      return first + last > 0 ? StepChecks.steady(first, last) : null;
   }
}
