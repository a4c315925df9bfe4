package jdbcpoollab.load;

import jdbcpoollab.measure.StepRecorder;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's warm-up before a sweep's first step: the first workload's closed loop on plain threads, unmeasured, until
 * its throughput stops changing, so that the first step is not measured on a cold JVM (the JIT compiling the harness,
 * the pool and the driver while the users run). It ends when one second's operations differ from the previous
 * second's by less than {@value #SETTLED_PERCENT}%, or at its time limit.
 */
public final class JvmWarmup {
   static final int SETTLED_PERCENT = 5;
   private static final long SECOND = 1_000_000_000L;

   /**
    * What the warm-up did.
    *
    * @param perSecond the operations completed in each whole second
    * @param settled   true when the last two seconds differed by less than {@value #SETTLED_PERCENT}%
    */
   public record Outcome(List<Long> perSecond, boolean settled) {
   }

   private JvmWarmup() {
   }

   /** Whether throughput has settled: two consecutive seconds' operations within {@value #SETTLED_PERCENT}%. */
   static boolean settled(long previous, long current) {
      return previous > 0 && current > 0
            && Math.abs(current - previous) * 100 < SETTLED_PERCENT * Math.max(previous, current);
   }

   /**
    * Runs {@code users} threads on {@code step} (not yet entered; its recorder has no warm-up and a window of the
    * warm-up's limit) until throughput settles or the window ends, then closes the step.
    */
   public static Outcome run(Step step, StepRecorder recorder, int users) throws InterruptedException {
      step.enter();
      if (step.openFailure() != null) {
         step.close();
         return new Outcome(List.of(), false);
      }
      Thread load = new Thread(() -> {
         try {
            RawThreads.run(step, users);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
         }
      }, "jvm-warmup");
      load.setDaemon(true);
      load.start();
      List<Long> perSecond = new ArrayList<>();
      boolean settled = false;
      try {
         recorder.interval();
         long next = System.nanoTime() + SECOND;
         while (!settled && load.isAlive() && recorder.running(System.nanoTime())) {
            load.join(Math.max(1, (next - System.nanoTime()) / 1_000_000));
            if (System.nanoTime() < next) {
               continue;
            }
            next += SECOND;
            perSecond.add(recorder.interval().completed());
            int n = perSecond.size();
            settled = n >= 2 && settled(perSecond.get(n - 2), perSecond.get(n - 1));
         }
      } finally {
         step.stop();
         load.join();
         step.close();
      }
      return new Outcome(List.copyOf(perSecond), settled);
   }
}
