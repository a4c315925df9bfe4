package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

/**
 * How far PoolSweep's JVM warm-up may go; and where every simulation with a JVM warm-up (PoolSweep, RateSweep, Replay)
 * reads whether it was given one, how long, and whether it may run the user's own workload.
 *
 * @param operations the most operations the JVM's warm-up may start
 * @param own        true when it may run a workload of the user's own that writes or uses up a queue feeder
 */
public record JvmWarmupLimits(int operations, boolean own) {
   /** {@code -DjvmWarmup}, in seconds, as declared (an open model's; PoolSweep's default a quick look turns to 0). */
   static double seconds(Options o) {
      return o.read(Declared.JVM_WARMUP);
   }

   /** Whether {@code -DjvmWarmup} was given. */
   static boolean given(Options o) {
      return o.given(Declared.JVM_WARMUP) != null;
   }

   /** {@code -DjvmWarmup.own=true}: the warm-up may run a workload of the user's own that writes. */
   static boolean own(Options o) {
      return o.read(Declared.JVM_WARMUP_OWN).equals("true");
   }
}
