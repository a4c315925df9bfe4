package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Records a pool's life through a scenario beyond steady state (an outage, a burst): every getConnection however it
 * ended, every operation that completed or failed and how (its phase and its normalised message), and a sample of
 * the pool per interval. Times count from {@link #start}. Thread-safe and wait-free for the recording threads.
 */
public final class FaultRecorder {
   private static final int DIGITS = 3;
   private static final long UNSET = Long.MIN_VALUE;

   private final Recorder acquire = new Recorder(DIGITS);
   private final Histogram acquireSoFar = new Histogram(DIGITS);
   private final Recorder intervalAcquire = new Recorder(DIGITS);
   private final Recorder failedAcquire = new Recorder(DIGITS);
   private final Histogram failedAcquireSoFar = new Histogram(DIGITS);
   private final AtomicLong longestAcquire = new AtomicLong();
   private final AtomicLong lastEnd = new AtomicLong(UNSET);
   private final AtomicInteger inGetConnection = new AtomicInteger();
   private final LongAdder ok = new LongAdder();
   private final LongAdder failed = new LongAdder();
   private final LongAdder failedAfter = new LongAdder();
   private final LongAdder intervalOk = new LongAdder();
   private final LongAdder intervalFailed = new LongAdder();
   private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
   private final List<FaultSample> samples = new ArrayList<>();
   private volatile long start = UNSET;
   private volatile long mark = UNSET;

   /** Starts the clock the samples and marks count from. */
   public void start(long nowNanos) {
      start = nowNanos;
   }

   /** Milliseconds since {@link #start} at {@code nanos}. */
   public double ms(long nanos) {
      return start == UNSET ? 0 : (nanos - start) / 1e6;
   }

   /** From now on failures are also counted as after the mark (the database's return, say). */
   public void mark(long nowNanos) {
      mark = nowNanos;
   }

   /** A getConnection begins: counted as waiting until {@link #acquired}. */
   public void acquiring() {
      inGetConnection.incrementAndGet();
   }

   /**
    * One getConnection, from its call ({@link #acquiring}) to its return or failure; {@code error} normalised, null
    * when it returned.
    */
   public void acquired(long fromNanos, long toNanos, String error) {
      inGetConnection.decrementAndGet();
      long nanos = Math.max(0, toNanos - fromNanos);
      acquire.recordValue(nanos);
      intervalAcquire.recordValue(nanos);
      longestAcquire.accumulateAndGet(nanos, Math::max);
      if (error != null) {
         failedAcquire.recordValue(nanos);
         failed("getConnection", error, toNanos);
      }
   }

   /** An operation that completed on its connection. */
   public void completed() {
      ok.increment();
      intervalOk.increment();
      lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
   }

   /** An operation that failed in {@code phase} (getConnection, statement) with the normalised {@code error}. */
   public void failed(String phase, String error, long endNanos) {
      failed.increment();
      intervalFailed.increment();
      lastEnd.accumulateAndGet(endNanos, Math::max);
      long after = mark;
      if (after != UNSET && endNanos >= after) {
         failedAfter.increment();
      }
      failures.computeIfAbsent(phase + ": " + error, e -> new LongAdder()).increment();
   }

   /**
    * What happened since the previous sample, with what the pool held at {@code nowNanos}; for one sampling thread.
    *
    * @param pool              active, idle and waiting (each -1 when the library cannot tell)
    * @param proxyConnections  client connections open through the proxy
    */
   public void sample(long nowNanos, int active, int idle, int waiting, int proxyConnections) {
      Histogram waits = intervalAcquire.getIntervalHistogram();
      FaultSample s = new FaultSample(ms(nowNanos), intervalOk.sumThenReset(), intervalFailed.sumThenReset(),
            waits.getTotalCount() == 0 ? Double.NaN : Timing.ms(waits.getValueAtPercentile(99)),
            waits.getTotalCount() == 0 ? Double.NaN : Timing.ms(waits.getMaxValue()), active, idle, waiting,
            proxyConnections, inGetConnection.get());
      synchronized (samples) {
         samples.add(s);
      }
   }

   public List<FaultSample> samples() {
      synchronized (samples) {
         return List.copyOf(samples);
      }
   }

   /** When (ms since {@link #start}) the last operation so far ended, completed or failed; NaN before any. */
   public double lastEndMs() {
      long end = lastEnd.get();
      return end == UNSET ? Double.NaN : ms(end);
   }

   /** The longest getConnection so far, in ms, however it ended. */
   public double longestAcquireMs() {
      return Timing.ms(longestAcquire.get());
   }

   /** Every getConnection so far. */
   public synchronized Timing acquire() {
      acquireSoFar.add(acquire.getIntervalHistogram());
      return Timing.of(acquireSoFar.copy());
   }

   /** The getConnection calls that failed so far: how long a pool made its callers wait for the failure. */
   public synchronized Timing failedAcquire() {
      failedAcquireSoFar.add(failedAcquire.getIntervalHistogram());
      return Timing.of(failedAcquireSoFar.copy());
   }

   public long ok() {
      return ok.sum();
   }

   public long failed() {
      return failed.sum();
   }

   /** Failures that ended at or after the mark. */
   public long failedAfterMark() {
      return failedAfter.sum();
   }

   /** Failure ("phase: message") to count, sorted. */
   public Map<String, Long> failures() {
      Map<String, Long> counts = new TreeMap<>();
      failures.forEach((k, v) -> counts.put(k, v.sum()));
      return counts;
   }
}
