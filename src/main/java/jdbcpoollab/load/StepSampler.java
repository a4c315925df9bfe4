package jdbcpoollab.load;

import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.Interval;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.TimelinePoint;
import jdbcpoollab.pools.PoolGauge;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Samples a step every 100 ms through its window, on a thread of its own: operations completed, the interval's P99
 * acquire wait, the pool's active / idle / waiting connections, what the database server is doing (as often as its
 * reader says it is worth it, {@link ServerActivity#everyMillis}), the JVM's heap and live platform threads (their
 * peak since the previous sample: the JVM's peak is reset at each) and its JIT's compile time. Stops with the step,
 * and at the latest after {@code maxNanos}.
 */
final class StepSampler {
   static final long PERIOD_MILLIS = 100;
   private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
   private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

   private final StepRecorder recorder;
   private final PoolGauge gauge;
   private final ServerActivity activity;
   private final long deadline;
   /** How long after a reading of the database the next one is due, less half a period of slack. */
   private final long activityDueNanos;
   private final CountDownLatch stop = new CountDownLatch(1);
   private final List<TimelinePoint> points = new ArrayList<>();
   private final Thread thread;
   private final StepWrites writes;
   private long writesAt;
   private double sum;
   private double weights;
   private long activityAt;
   private double max = Double.NaN;
   private int samples;
   private int failures;
   private long heapPeak;
   private int threadsPeak;
   /** When the window's first and latest samples were taken (nanoTime) and the JIT's compile time then, ms. */
   private long firstSampleAt;
   private long lastSampleAt;
   private long jitAtFirst;
   private long jitAtLast;
   private long gcCountAtFirst;
   private long gcCountAtLast;
   private long gcMsAtFirst;
   private long gcMsAtLast;
   private String missed;

   /**
    * @param writes the server's count of rows written, read every {@value StepWrites#EVERY_MILLIS} ms, for a read-only
    *               step; null for one that may write
    */
   StepSampler(StepRecorder recorder, PoolGauge gauge, ServerActivity activity, long maxNanos, StepWrites writes) {
      this.recorder = recorder;
      this.writes = writes;
      this.gauge = gauge;
      this.activity = activity;
      this.deadline = System.nanoTime() + maxNanos;
      this.activityDueNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(PERIOD_MILLIS, activity.everyMillis())
            - PERIOD_MILLIS / 2);
      thread = new Thread(this::loop, "lab-sampler-" + recorder.id().workload() + "-"
            + recorder.id().pool());
      thread.setDaemon(true);
      thread.start();
   }

   private void loop() {
      try {
         activity.sample();
         THREADS.resetPeakThreadCount();
         activityAt = System.nanoTime();
         while (!stop.await(PERIOD_MILLIS, TimeUnit.MILLISECONDS) && System.nanoTime() - deadline < 0) {
            try {
               sampleOnce();
            } catch (RuntimeException e) {
               // one bad reading (a pool closing under it) costs one sample, not the rest of the step's
               failures++;
               if (failures == 1) {
                  System.err.println("jdbc-pool-lab: " + thread.getName() + ": a sample failed: " + e);
               }
            }
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      } finally {
         activity.close();
      }
   }

   private void sampleOnce() {
      long now = System.nanoTime();
      if (writes != null && now - writesAt >= TimeUnit.MILLISECONDS.toNanos(StepWrites.EVERY_MILLIS)) {
         writesAt = now;
         writes.check();
      }
      double db = Double.NaN;
      double weight = 0;
      if (now - activityAt >= activityDueNanos) {
         db = activity.sample();
         // on a crowded machine the samples come late: each one counts for the time since the previous one
         weight = (now - activityAt) / 1e9;
         activityAt = now;
      }
      long heap = MEMORY.getHeapMemoryUsage().getUsed();
      long jit = JitTime.millis();
      long gcCount = GcPauses.count();
      long gcMs = GcPauses.millis();
      int threads = Math.max(THREADS.getThreadCount(), THREADS.getPeakThreadCount());
      THREADS.resetPeakThreadCount();
      OptionalLong from = recorder.windowStart();
      if (from.isEmpty() || !recorder.inWindow(now)) {
         recorder.interval();
         return;
      }
      Interval interval = recorder.interval();
      PoolGauge.Reading pool = gauge.read();
      synchronized (this) {
         points.add(new TimelinePoint(recorder.id(),
               (now - from.getAsLong()) / 1e6, interval.completed(), interval.acquireP99Ms(),
               pool == null ? -1 : pool.active(), pool == null ? -1 : pool.idle(), pool == null ? -1 : pool.waiting(),
               db));
         if (points.size() == 1) {
            firstSampleAt = now;
            jitAtFirst = jit;
            gcCountAtFirst = gcCount;
            gcMsAtFirst = gcMs;
         }
         lastSampleAt = now;
         jitAtLast = jit;
         gcCountAtLast = gcCount;
         gcMsAtLast = gcMs;
         heapPeak = Math.max(heapPeak, heap);
         threadsPeak = Math.max(threadsPeak, threads);
         if (Double.isFinite(db)) {
            sum += db * weight;
            weights += weight;
            max = Double.isNaN(max) ? db : Math.max(max, db);
            samples++;
         }
      }
   }

   /** Stops sampling and waits (briefly) for the thread to end. */
   void stop() {
      stop.countDown();
      try {
         thread.join(2_000);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   synchronized List<TimelinePoint> timeline() {
      return List.copyOf(points);
   }

   /**
    * The step's result with the JVM's peaks, marked incomplete when its window ran whole and lasted three periods
    * but this sampler took no sample inside it (on a machine too busy to run it): a step whose own sampler did not
    * run lacks its timeline, the database's activity and the JVM's peaks.
    */
   synchronized StepResult judged(StepResult result) {
      double seconds = result.counts().seconds();
      StepResult withJvm = result.withJvm(jvm());
      if (!points.isEmpty() || !result.outcome().complete() || seconds * 1000 < 3 * PERIOD_MILLIS) {
         return withJvm;
      }
      missed = String.format(Locale.ROOT, "its %d ms sampler took no sample in the %.1f s window (the load"
            + " generator too busy to run it): the pool's timeline, the database's activity and the JVM's peaks are"
            + " missing", PERIOD_MILLIS, seconds);
      return withJvm.incomplete();
   }

   /** Why the step cannot be taken whole for want of samples, once judged; null when it can. */
   synchronized String missed() {
      return missed;
   }

   /**
    * The JVM at its largest over the window's samples, its JIT's compile time a second and its garbage collector's
    * pauses between the first and the last of them; null when none was taken inside it.
    */
   synchronized JvmPeaks jvm() {
      if (threadsPeak == 0) {
         return null;
      }
      long between = lastSampleAt - firstSampleAt;
      Double jit = JitTime.counted() && between > 0 ? (jitAtLast - jitAtFirst) / (between / 1e9) : null;
      return new JvmPeaks(heapPeak / (1024.0 * 1024), threadsPeak, jit, between > 0 ? gcCountAtLast - gcCountAtFirst
            : null, between > 0 ? gcMsAtLast - gcMsAtFirst : null);
   }

   /** The database's activity over the window's samples, each weighted by the time it stands for. */
   synchronized DatabaseActivity activity() {
      return samples == 0 || weights <= 0 ? new DatabaseActivity(activity.what(), Double.NaN, Double.NaN, samples)
            : new DatabaseActivity(activity.what(), sum / weights, max, samples);
   }
}
