package jdbcpoollab.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Evidence a workload's recommended pool contradicts: the report flags such a pick ("the pick contradicts ...")
 * instead of giving it silently, and a run that re-measures its answer re-measures the pools named here.
 *
 * @param evidence what the pick contradicts
 * @param pool     the recommended pool
 * @param bound    what the evidence says: the pool the database saturated from, the USL fit's peak N*, or the
 *                 Little's-law ceiling in operations per second
 */
public record Contradiction(Evidence evidence, int pool, double bound) {
   /** A throughput above the Little's-law ceiling by more than this factor is more than the window's edges. */
   public static final double ABOVE_CEILING = 1.05;

   public enum Evidence {
      /** A pool past the point where the database saturated: past it more connections only queue inside it. */
      SATURATION,
      /** A pool past the peak of a good USL fit, where the fit predicts more than 5% less than at the peak. */
      USL_PEAK,
      /** A throughput above the pool's Little's-law ceiling, which no closed loop can reach. */
      LITTLE_CEILING
   }

   /** The most a pool of this Little's-law ceiling can measure: the ceiling, and the 5% a window's edges allow. */
   static double reachable(double ceiling) {
      return ABOVE_CEILING * ceiling;
   }

   /** What contradicts the sizing's pick; empty when nothing does or there is no pick. */
   public static List<Contradiction> of(Sizing sizing) {
      PoolSize pick = sizing.choice().pick();
      List<Contradiction> found = new ArrayList<>();
      if (pick == null) {
         return found;
      }
      Integer saturated = sizing.saturatedFrom();
      if (saturated != null && pick.pool() > saturated) {
         found.add(new Contradiction(Evidence.SATURATION, pick.pool(), saturated));
      }
      double peak = sizing.uslPeak();
      if (Double.isFinite(peak) && !sizing.poorFit() && pick.pool() > peak
            && sizing.usl().throughput(pick.pool()) < Recommendation.NEAR_BEST * sizing.usl().throughput(peak)) {
         found.add(new Contradiction(Evidence.USL_PEAK, pick.pool(), peak));
      }
      double ceiling = sizing.ceiling(pick.pool());
      if (pick.throughput().mean() > reachable(ceiling)) {
         found.add(new Contradiction(Evidence.LITTLE_CEILING, pick.pool(), ceiling));
      }
      return found;
   }
}
