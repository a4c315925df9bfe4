package jdbcpoollab.measure;

/**
 * When a step is disturbed: other processes and steal together took more than a set share of the machine during its
 * window. Such a step measured the machine's contention as well as the pool: a larger pool winning CPU from the other
 * work looks like a knee further out.
 *
 * @param maxPct the share of the machine, in %, others and steal may take (0..100)
 */
public record Disturbance(double maxPct) {
   /** The default share, in %: more than what a quiet machine's own daemons take. */
   public static final double DEFAULT_MAX_PCT = 10;
   public static final Disturbance DEFAULT = new Disturbance(DEFAULT_MAX_PCT);

   public Disturbance {
      if (!(maxPct >= 0 && maxPct <= 100)) {
         throw new IllegalArgumentException("a share of the machine is 0..100%, not " + maxPct);
      }
   }

   /** Whether shares of the machine (0..1) taken by others and by steal make a step disturbed. */
   public boolean disturbed(double othersShare, double stealShare) {
      return othersShare + stealShare > maxPct / 100;
   }
}
