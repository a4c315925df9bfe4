package jdbcpoollab.run;

import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;

import java.util.Locale;
import java.util.Map;

/**
 * Where a run's wall time goes: before the first step, filling pools, the steps' load (warm-up, measured window and
 * what follows it until the step is closed), between steps, and after the last one; against the windows measured.
 */
final class WallTime {
   private final long createdAt = System.nanoTime();
   private long firstStepAt;
   private long openedAt;
   private long finishedAt;
   private long filling;
   private long loading;
   private long between;
   private double measured;
   private double warmup;

   /** @param openNanos how long opening the step's pool took, just before now */
   synchronized void stepStarted(long openNanos) {
      long now = System.nanoTime();
      long startedAt = now - openNanos;
      if (finishedAt != 0) {
         between += startedAt - finishedAt;
      } else if (firstStepAt == 0) {
         firstStepAt = startedAt;
      }
      filling += openNanos;
      openedAt = now;
   }

   /**
    * @param measuredSeconds the step's measured window
    * @param warmupSeconds   the warm-up it was planned with; a step that never reached its window (pool not opened,
    *                        database lost during the warm-up) counts only the time it ran
    */
   synchronized void stepFinished(double measuredSeconds, double warmupSeconds) {
      finishedAt = System.nanoTime();
      long ran = finishedAt - openedAt;
      loading += ran;
      measured += measuredSeconds;
      warmup += measuredSeconds > 0 ? warmupSeconds : Math.min(warmupSeconds, s(ran));
   }

   /**
    * Where the wall time went, in seconds, as summary.json holds it under {@code wallTime}.
    *
    * @param seconds            the whole run so far, from the simulation's creation
    * @param ratio              {@code seconds} against {@code measuredSeconds}; 0 before a window was measured
    * @param ratioWithoutWarmup the same without the steps' warm-ups
    * @param afterWindows       after the windows until each step closed
    */
   record Spent(@Decimals(3) double seconds, @Decimals(3) double measuredSeconds, @Decimals(3) double warmupSeconds,
                @Decimals(3) double ratio, @Decimals(3) double ratioWithoutWarmup,
                @Decimals(3) double beforeFirstStep, @Decimals(3) double poolFill, @Decimals(3) double afterWindows,
                @Decimals(3) double betweenSteps, @Decimals(3) double afterLastStep) {
   }

   synchronized Spent spent() {
      long now = System.nanoTime();
      double seconds = s(now - createdAt);
      return new Spent(seconds, measured, warmup, measured > 0 ? seconds / measured : 0,
            measured > 0 ? (seconds - warmup) / measured : 0, s((firstStepAt == 0 ? now : firstStepAt) - createdAt),
            s(filling), Math.max(0, s(loading) - measured - warmup), s(between), // never -0.001 from rounding
            finishedAt == 0 ? 0 : s(now - finishedAt));
   }

   /** {@link #spent} as summary.json holds it, and {@link #line} reads it. */
   Map<String, Object> toMap() {
      return Json.toMap(spent());
   }

   static String line(Map<String, Object> m, int steps) {
      return String.format(Locale.ROOT, "wall time %.1f s for %.1f s measured (%d steps): %.2fx, %.2fx not counting "
                  + "%.1f s of warm-up; %.1f s before the first step, %.1f s filling pools, %.1f s after the windows "
                  + "until each step closed, %.1f s between steps, %.1f s after the last", m.get("seconds"),
            m.get("measuredSeconds"), steps, m.get("ratio"), m.get("ratioWithoutWarmup"), m.get("warmupSeconds"),
            m.get("beforeFirstStep"), m.get("poolFill"), m.get("afterWindows"), m.get("betweenSteps"),
            m.get("afterLastStep"));
   }

   private static double s(long nanos) {
      return nanos / 1e9;
   }
}
