package jdbcpoollab.run;

import java.time.Duration;

/**
 * The longest a run may take (Gatling's {@code maxDuration}), one formula for every experiment: each step's own
 * seconds (its warm-up, window or arrivals, and the timeouts it may wait out), a margin per step, and a margin for
 * the run's start and end. It ends a run that hangs; a run that keeps to its plan never reaches it.
 */
public final class Budget {
   /** Per step: Gatling's one-second ticks, the step's pool opened, filled and closed, its summaries written. */
   static final double STEP_MARGIN_SECONDS = 30;
   /** Per run: the database started, its tables ensured, the page and Gatling's report written. */
   static final double RUN_MARGIN_SECONDS = 60;

   private Budget() {
   }

   /**
    * Whole seconds, of the sum taken to the millisecond first: seconds such as 0.1 + 0.2 are not exact in binary, and
    * their sum would otherwise be floored a second below what it is.
    *
    * @param steps        how many steps the run plans
    * @param stepSeconds  what each step takes of its own, timeouts it may wait out included
    * @param extraSeconds what the run takes beyond its steps (a JVM warm-up, arrivals that differ by step)
    */
   public static Duration of(int steps, double stepSeconds, double extraSeconds) {
      double seconds = steps * step(stepSeconds) + extraSeconds + RUN_MARGIN_SECONDS;
      return Duration.ofSeconds(Math.round(seconds * 1000) / 1000);
   }

   /** What one step may take: its own seconds and a step's margin; what samples a step stops at it. */
   public static double step(double stepSeconds) {
      return stepSeconds + STEP_MARGIN_SECONDS;
   }

   /** What waiting out {@code count} timeouts of {@code millis} each can take, in seconds. */
   public static double timeouts(int count, int millis) {
      return count * millis / 1000.0;
   }
}
