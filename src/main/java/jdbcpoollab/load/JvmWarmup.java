package jdbcpoollab.load;

import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.workloads.Think;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's warm-up before a sweep's first step: a step of the first workload run unmeasured by the lab's own users
 * (the Gatling action, the recorder, the pool: the code the measured steps run), until its throughput stops
 * changing, so that the first step is not measured on a cold JVM (the JIT compiling the harness, the pool and the
 * driver while the users run). It ends when the operations of the last {@value #SETTLED_SECONDS} seconds lie within
 * {@value #SETTLED_PERCENT}% of each other, at its time limit (its recorder's window) or once its operations are spent
 * ({@link OperationBudget}), whichever comes first: two seconds alone are not enough, as the JIT lifts throughput in
 * steps (12,207 to 26,854 ops/s over 7 s for {@code point} on 2 cores, its last two seconds 1.5% apart, and the first
 * step after it still 16% below the same step measured later). Nor is a plateau alone: on 2 cores C2 still compiled
 * 0.58 s a second through the window of {@code SELECT 1} at pool 64 after a warm-up whose last three seconds lay
 * within 5%, so the JIT must also have gone quiet (under {@value JvmPeaks#JIT_QUIET_MS} ms of compiling a second, by
 * the JVM's own count) in those seconds, where the JVM counts it.
 */
public final class JvmWarmup {
   static final int SETTLED_PERCENT = 5;
   static final int SETTLED_SECONDS = 3;
   private static final long SECOND = 1_000_000_000L;

   /**
    * What the warm-up did.
    *
    * @param perSecond  the operations completed in each whole second
    * @param jitMs      the JIT's compile time in each of those seconds, ms; empty where the JVM does not count it
    * @param operations the operations it started
    * @param settled    true when the last {@value #SETTLED_SECONDS} seconds lay within {@value #SETTLED_PERCENT}%
    *                   with the JIT quiet
    * @param failure    why its pool did not open, or null
    */
   public record Outcome(List<Long> perSecond, List<Long> jitMs, long operations, boolean settled, String failure) {
   }

   private final Step step;
   private final StepRecorder recorder;
   private final OperationBudget budget;
   private final List<Long> perSecond = new ArrayList<>();
   private final List<Long> jitMs = new ArrayList<>();
   private volatile boolean settled;
   private Thread watcher;

   /**
    * The warm-up on {@code step} (its recorder {@code recorder} has no warm-up and a window of the warm-up's time
    * limit), at most {@code operations} operations.
    */
   public JvmWarmup(Step step, StepRecorder recorder, long operations) {
      this.step = step;
      this.recorder = recorder;
      this.budget = new OperationBudget(operations);
      step.bound(budget);
   }

   /**
    * Whether throughput has settled: the last {@value #SETTLED_SECONDS} seconds' operations (each second's count)
    * within {@value #SETTLED_PERCENT}% of the largest of them.
    */
   static boolean settled(List<Long> perSecond) {
      if (perSecond.size() < SETTLED_SECONDS) {
         return false;
      }
      List<Long> last = perSecond.subList(perSecond.size() - SETTLED_SECONDS, perSecond.size());
      long min = last.stream().mapToLong(Long::longValue).min().orElse(0);
      long max = last.stream().mapToLong(Long::longValue).max().orElse(0);
      return min > 0 && (max - min) * 100 < SETTLED_PERCENT * max;
   }

   /**
    * Whether the JVM is warm: throughput has {@linkplain #settled(List) settled} and, where the JVM counts its compile
    * time ({@code jitMs} not empty), the JIT compiled under {@value JvmPeaks#JIT_QUIET_MS} ms in each of those
    * seconds.
    */
   static boolean settled(List<Long> perSecond, List<Long> jitMs) {
      if (!settled(perSecond)) {
         return false;
      }
      return jitMs.isEmpty() || jitMs.size() >= SETTLED_SECONDS && jitMs.subList(jitMs.size() - SETTLED_SECONDS,
            jitMs.size()).stream().allMatch(ms -> ms < JvmPeaks.JIT_QUIET_MS);
   }

   /**
    * Opens the step's pool, as its first user arrives, and watches its throughput each second; once it has settled
    * the step stops and its users leave.
    */
   public synchronized void open() {
      step.enter();
      if (step.openFailure() != null) {
         return;
      }
      watcher = new Thread(this::watch, "jvm-warmup-watch");
      watcher.setDaemon(true);
      watcher.start();
   }

   private void watch() {
      recorder.interval();
      long jitBefore = JitTime.millis();
      long next = System.nanoTime() + SECOND;
      while (!settled && recorder.running(System.nanoTime())) {
         long sleep = next - System.nanoTime();
         if (sleep > 0 && !Think.sleep(sleep)) {
            return;
         }
         next += SECOND;
         long jitNow = JitTime.millis();
         synchronized (perSecond) {
            perSecond.add(recorder.interval().completed());
            if (JitTime.counted()) {
               jitMs.add(jitNow - jitBefore);
            }
            settled = settled(perSecond, jitMs);
         }
         jitBefore = jitNow;
      }
      step.stop();
   }

   /** Stops the step (its users leave, or have left), closes its pool and tells what the warm-up did. */
   public synchronized Outcome close() throws InterruptedException {
      step.stop();
      if (watcher != null) {
         watcher.interrupt();
         watcher.join();
      }
      step.close();
      synchronized (perSecond) {
         return new Outcome(List.copyOf(perSecond), List.copyOf(jitMs), budget.started(), settled,
               step.openFailure());
      }
   }
}
