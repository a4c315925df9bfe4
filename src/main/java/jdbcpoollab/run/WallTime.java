package jdbcpoollab.run;

import java.util.LinkedHashMap;
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

   synchronized Map<String, Object> toMap() {
      long now = System.nanoTime();
      double seconds = s(now - createdAt);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("seconds", round(seconds));
      m.put("measuredSeconds", round(measured));
      m.put("warmupSeconds", round(warmup));
      m.put("ratio", measured > 0 ? round(seconds / measured) : 0.0);
      m.put("ratioWithoutWarmup", measured > 0 ? round((seconds - warmup) / measured) : 0.0);
      m.put("beforeFirstStep", round(s((firstStepAt == 0 ? now : firstStepAt) - createdAt)));
      m.put("poolFill", round(s(filling)));
      m.put("afterWindows", round(Math.max(0, s(loading) - measured - warmup))); // never -0.001 from rounding
      m.put("betweenSteps", round(s(between)));
      m.put("afterLastStep", round(finishedAt == 0 ? 0 : s(now - finishedAt)));
      return m;
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

   private static double round(double v) {
      return Math.round(v * 1000.0) / 1000.0;
   }
}
