package jdbcpoollab.load;

import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.workloads.Think;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's warm-up before an open model's first step (RateSweep's, Replay's): a step of its own whose requests
 * arrive as the first step's do, through the same Gatling arrival action, request threads, recorder, sampler and pool
 * code, unmeasured, so that the first step is not measured while the JIT compiles that code. Arrivals are not the
 * load generator's to stop, so it runs its whole time; it counts the requests that ended ok and the JIT's compile time
 * in each of its seconds, and whether the JIT was quiet (under {@value JvmPeaks#JIT_QUIET_MS} ms a second) in its last
 * {@value JvmWarmup#SETTLED_SECONDS}. (The arrivals set the requests per second; the step's sampler reads its
 * recorder's intervals, so the warm-up does not.)
 */
public final class OpenWarmup {
   private static final long SECOND = 1_000_000_000L;

   /**
    * What the warm-up did.
    *
    * @param served    the requests that ended ok in its window
    * @param jitMs     the JIT's compile time in each of its whole seconds, ms; empty where the JVM does not count it
    * @param quiet     true when the JIT compiled under {@value JvmPeaks#JIT_QUIET_MS} ms in each of the last
    *                  {@value JvmWarmup#SETTLED_SECONDS} seconds (or the JVM does not count it)
    * @param failure   why its pool did not open, or null
    */
   public record Outcome(long served, List<Long> jitMs, boolean quiet, String failure) {
   }

   private final OpenStep step;
   private final StepRecorder recorder;
   private final List<Long> jitMs = new ArrayList<>();
   private Thread watcher;

   /** The warm-up on {@code step}, whose recorder {@code recorder} has no warm-up and a window of its time. */
   public OpenWarmup(OpenStep step, StepRecorder recorder) {
      this.step = step;
      this.recorder = recorder;
   }

   /** Whether the JIT was quiet in the last {@value JvmWarmup#SETTLED_SECONDS} seconds of {@code jitMs}. */
   static boolean quiet(List<Long> jitMs) {
      return jitMs.size() >= JvmWarmup.SETTLED_SECONDS && jitMs.subList(jitMs.size() - JvmWarmup.SETTLED_SECONDS,
            jitMs.size()).stream().allMatch(ms -> ms < JvmPeaks.JIT_QUIET_MS);
   }

   /** Opens the step's pool and starts its request threads, before its first arrival, and watches each second. */
   public synchronized void open() {
      step.open(null);
      if (step.openFailure() != null) {
         return;
      }
      watcher = new Thread(this::watch, "jvm-warmup-watch");
      watcher.setDaemon(true);
      watcher.start();
   }

   private void watch() {
      long jitBefore = JitTime.millis();
      long next = System.nanoTime() + SECOND;
      while (recorder.running(System.nanoTime())) {
         long sleep = next - System.nanoTime();
         if (sleep > 0 && !Think.sleep(sleep)) {
            return;
         }
         next += SECOND;
         long jitNow = JitTime.millis();
         synchronized (jitMs) {
            if (JitTime.counted()) {
               jitMs.add(jitNow - jitBefore);
            }
         }
         jitBefore = jitNow;
      }
   }

   /** Stops the step's request threads and closes its pool, its numbers dropped; tells what the warm-up did. */
   public synchronized Outcome close() throws InterruptedException {
      ArrivalResult r = step.close();
      if (watcher != null) {
         watcher.interrupt();
         watcher.join();
      }
      synchronized (jitMs) {
         return new Outcome(r == null ? 0 : r.step().counts().ok(), List.copyOf(jitMs),
               !JitTime.counted() || quiet(jitMs), step.openFailure());
      }
   }

   /** Stops the step early, as the run ends first: its requests not yet picked up are dropped. */
   public void stop() {
      step.stop();
   }
}
