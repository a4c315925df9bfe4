package jdbcpoollab.measure;

import org.HdrHistogram.Recorder;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Records one run of a batch: users that each do a fixed number of operations and leave. The batch lasts from the
 * first operation's start to the last operation's end. Thread-safe and wait-free for the recording threads.
 */
public final class RunRecorder {
   private static final int DIGITS = 3;

   private final String option;
   private final int run;
   private final int users;
   private final int ops;
   private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
   private final AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);
   private final Recorder acquire = new Recorder(DIGITS);
   private final Recorder query = new Recorder(DIGITS);
   private final Recorder total = new Recorder(DIGITS);
   private final LongAdder ok = new LongAdder();
   private final LongAdder ko = new LongAdder();
   private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

   /** @param run 0 for the warm-up run, which is not counted, then 1, 2, … */
   public RunRecorder(String option, int run, int users, int ops) {
      this.option = option;
      this.run = run;
      this.users = users;
      this.ops = ops;
   }

   public boolean warmup() {
      return run == 0;
   }

   public void begin(long startNanos) {
      firstStart.accumulateAndGet(startNanos, Math::min);
   }

   /** @param error normalised failure message, or null for success */
   public void record(long acquireNanos, long queryNanos, long totalNanos, long endNanos, String error) {
      lastEnd.accumulateAndGet(endNanos, Math::max);
      acquire.recordValue(Math.max(0, acquireNanos));
      if (error == null) {
         ok.increment();
         query.recordValue(Math.max(0, queryNanos));
         total.recordValue(Math.max(0, totalNanos));
      } else {
         ko.increment();
         errors.computeIfAbsent(error, e -> new LongAdder()).increment();
      }
   }

   /**
    * The run's numbers; call once, after its last operation.
    *
    * @param openSeconds time to open the connection source (fill the pool) before the batch, not in its time
    * @param server      the server's counters for the run, the connections it accepted first; empty if unknown
    */
   public RunResult result(double openSeconds, Map<String, Long> server) {
      long first = firstStart.get();
      long last = lastEnd.get();
      double seconds = first == Long.MAX_VALUE || last < first ? 0 : (last - first) / 1e9;
      Map<String, Long> errorCounts = new TreeMap<>();
      errors.forEach((message, count) -> errorCounts.put(message, count.sum()));
      long done = ok.sum() + ko.sum();
      return new RunResult(option, run, users, ops, seconds, openSeconds, ok.sum(), ko.sum(),
            new Latencies(acquire.getIntervalHistogram(), query.getIntervalHistogram(), total.getIntervalHistogram()),
            new LinkedHashMap<>(server), errorCounts, done == (long) users * ops);
   }
}
