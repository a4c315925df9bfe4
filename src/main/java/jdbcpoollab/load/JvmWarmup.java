package jdbcpoollab.load;

import jdbcpoollab.measure.StepRecorder;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's warm-up before a sweep's first step: the first workload's closed loop on plain threads, unmeasured, until
 * its throughput stops changing, so that the first step is not measured on a cold JVM (the JIT compiling the harness,
 * the pool and the driver while the users run). It ends when the operations of the last {@value #SETTLED_SECONDS}
 * seconds lie within {@value #SETTLED_PERCENT}% of each other, or at its time limit: two seconds alone are not enough,
 * as the JIT lifts throughput in steps (12,207 to 26,854 ops/s over 7 s for {@code point} on 2 cores, its last two
 * seconds 1.5% apart, and the first step after it still 16% below the same step measured later).
 */
public final class JvmWarmup {
   static final int SETTLED_PERCENT = 5;
   static final int SETTLED_SECONDS = 3;
   private static final long SECOND = 1_000_000_000L;

   /**
    * What the warm-up did.
    *
    * @param perSecond the operations completed in each whole second
    * @param settled   true when the last {@value #SETTLED_SECONDS} seconds lay within {@value #SETTLED_PERCENT}%
    */
   public record Outcome(List<Long> perSecond, boolean settled) {
   }

   private JvmWarmup() {
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
            settled = settled(perSecond);
         }
      } finally {
         step.stop();
         load.join();
         step.close();
      }
      return new Outcome(List.copyOf(perSecond), settled);
   }
}
