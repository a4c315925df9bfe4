package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

import java.util.Comparator;
import java.util.List;

/**
 * The recommendation rule for a closed loop, and its outcome: the smallest pool whose mean throughput is within 5%
 * of the best's, or, past the saturation point, not significantly below 95% of it. Acquire wait is not part of it:
 * with a fixed number of users in a closed loop the total time per operation is users / throughput (Little's law),
 * so at equal throughput a smaller pool only moves the waiting from the database into the pool.
 * <p>
 * "Significantly" needs a noise, and only the pools past the saturation point k take it: their steps all estimate
 * the same ceiling (past saturation more connections only queue inside the database), so a larger pool wins over k
 * only when k is significantly below 95% of it by Welch's test on two passes or more of both, never by one step: on a
 * busy machine a larger pool wins a larger share of the machine from the other work in one window and loses it in
 * the next. With repeated steps ({@code -Drepeat}) the
 * noise is each pool's own spread, the one-sided Welch test at 5%; with one pass the spread of the steps'
 * throughputs from k on. Any other pool is a capacity of its own and is near the best only by its mean: one the test
 * cannot tell apart for lack of steps stays a candidate for {@link Settling} to measure again, never the answer by
 * default. The test ({@link #pBelow}) still tells every pool apart: when only some pools were measured again (a run
 * that settles its answer), two pools measured twice or more each are compared by the Welch test, and a pool measured
 * once is tested against the relative spread of those measured again ({@link Spread}).
 *
 * @param best     the usable pool of the best mean throughput; null when none is usable
 * @param pick     the recommended pool, the first of {@code nearBest} (past the saturation pool, the first measured
 *                 twice or more, or the best); null only when no pool qualified at all
 * @param nearBest the pools within 5% of the best, or past the saturation point not significantly below it, smallest
 *                 first
 * @param tested   true when the pools were compared by the one-sided Welch test (repeated steps)
 * @param noise    with one pass and a saturated database: the spread the pools from the saturation point on were
 *                 tested against; null otherwise
 * @param spread   when some pools but not all were measured twice or more: their relative spread; null otherwise
 * @param saturatedFrom the smallest pool at which the database was saturated, or null
 */
public record Recommendation(PoolSize best, PoolSize pick, List<PoolSize> nearBest, boolean tested,
                             CeilingNoise noise, Spread spread, Integer saturatedFrom) {
   /** A recommended pool must reach this share of the best throughput measured. */
   public static final double NEAR_BEST = 0.95;

   /**
    * The spread of the throughput of the usable steps from pool {@code from} on, where the database was saturated.
    *
    * @param sd    their standard deviation, with {@code steps - 1} degrees of freedom
    * @param steps how many steps it was taken over, at least 2
    */
   public record CeilingNoise(int from, double sd, int steps) {
      static CeilingNoise of(List<PoolSize> usable, int from) {
         double[] x = usable.stream().filter(p -> p.pool() >= from).flatMapToDouble(p -> p.steps().stream()
               .mapToDouble(s -> s.counts().throughput())).toArray();
         return x.length < 2 ? null : new CeilingNoise(from, Math.sqrt(StatUtils.variance(x)), x.length);
      }

      /**
       * One-sided test of "the mean of {@code p} is below 95% of the mean of {@code best}", both with this spread:
       * the p-value of that alternative (Student's t with steps - 1 degrees of freedom); NaN when nothing varies.
       */
      double pBelow(PoolSize p, PoolSize best) {
         double se = sd * Math.sqrt(1.0 / p.steps().size() + NEAR_BEST * NEAR_BEST / best.steps().size());
         if (!(se > 0)) {
            return Double.NaN;
         }
         double t = (p.throughput().mean() - NEAR_BEST * best.throughput().mean()) / se;
         return new TDistribution(steps - 1).cumulativeProbability(t);
      }
   }

   /**
    * The relative spread of the throughput of the pools measured twice or more: each step's throughput over its pool's
    * mean, pooled over those pools, with the steps less one per pool as degrees of freedom. A step's noise grows with
    * its throughput, so a pool measured once borrows this share of its own mean.
    */
   public record Spread(double cv, int df) {
      static Spread of(List<PoolSize> usable) {
         double squares = 0;
         int df = 0;
         for (PoolSize p : usable) {
            double mean = p.throughput().mean();
            if (p.steps().size() < 2 || !(mean > 0)) {
               continue;
            }
            for (double x : p.throughputs()) {
               squares += (x / mean - 1) * (x / mean - 1);
            }
            df += p.steps().size() - 1;
         }
         return df == 0 ? null : new Spread(Math.sqrt(squares / df), df);
      }

      /** As {@link CeilingNoise#pBelow}, each pool's spread this share of its mean; NaN when nothing varies. */
      double pBelow(PoolSize p, PoolSize best) {
         double sp = cv * p.throughput().mean();
         double sb = cv * best.throughput().mean();
         double se = Math.sqrt(sp * sp / p.steps().size() + NEAR_BEST * NEAR_BEST * sb * sb / best.steps().size());
         if (!(se > 0)) {
            return Double.NaN;
         }
         double t = (p.throughput().mean() - NEAR_BEST * best.throughput().mean()) / se;
         return new TDistribution(df).cumulativeProbability(t);
      }
   }

   /** The rule without knowing where the database saturated. */
   public static Recommendation of(List<StepResult> steps) {
      return of(steps, null);
   }

   /**
    * The rule over a workload's steps.
    *
    * @param saturatedFrom the smallest pool at which the database was saturated, or null
    */
   public static Recommendation of(List<StepResult> steps, Integer saturatedFrom) {
      List<PoolSize> usable = PoolSize.of(steps).stream().filter(PoolSize::usable).toList();
      PoolSize best = usable.stream().max(Comparator.comparingDouble(p -> p.throughput().mean())).orElse(null);
      if (best == null) {
         return new Recommendation(null, null, List.of(), false, null, null, saturatedFrom);
      }
      boolean tested = usable.stream().allMatch(p -> p.steps().size() >= 2);
      CeilingNoise noise = tested || saturatedFrom == null ? null : CeilingNoise.of(usable, saturatedFrom);
      Spread spread = tested ? null : Spread.of(usable);
      Recommendation open = new Recommendation(best, null, List.of(), tested, noise, spread, saturatedFrom);
      // only the steps past the saturation point estimate one ceiling, so only there may the test keep a pool below
      // 95% of the best by its mean; any other pool is a capacity of its own, and too few steps to show it below the
      // best leave it open to be measured again (Settling), never the answer by default
      // and past it a larger pool wins over the saturation pool only by Welch's test on two passes or more of both,
      // and is the answer only with two passes of its own: one step is what a busy machine or a lucky window gives,
      // never a finding
      PoolSize ceilingPool = saturatedFrom == null ? null
            : usable.stream().filter(p -> p.pool() >= saturatedFrom).findFirst().orElse(null);
      List<PoolSize> near = usable.stream().filter(p -> p == best || (p == ceilingPool && !bothRepeated(p, best))
            || open.withinRule(p)).toList();
      PoolSize pick = near.stream().filter(p -> ceilingPool == null || p.pool() <= ceilingPool.pool() || p == best
            || p.steps().size() >= 2).findFirst().orElseThrow();
      return new Recommendation(best, pick, near, tested, noise, spread, saturatedFrom);
   }

   private static boolean bothRepeated(PoolSize p, PoolSize best) {
      return p.steps().size() >= 2 && best.steps().size() >= 2;
   }

   private boolean notBelow(PoolSize p) {
      double pBelow = pBelow(p);
      if (!Double.isNaN(pBelow)) {
         return pBelow >= Welch.ALPHA;
      }
      return p.throughput().mean() >= NEAR_BEST * best.throughput().mean();
   }

   /**
    * The p-value of "pool {@code p}'s mean throughput is below 95% of the best's", by the test the rule takes for the
    * two: Welch's when both were measured twice or more, else the saturated steps' spread, else the relative spread
    * of the pools measured again; NaN when there is none (one pass, no saturation: the plain 5%).
    */
   public double pBelow(PoolSize p) {
      if (p.steps().size() >= 2 && best.steps().size() >= 2) {
         return Welch.pBelow(p.throughputs(), best.throughputs(), NEAR_BEST);
      }
      if (noise != null && p.pool() >= noise.from()) {
         return noise.pBelow(p, best);
      }
      return spread == null ? Double.NaN : spread.pBelow(p, best);
   }

   /**
    * True when the pick is the pool the database saturated from, kept although one step of a larger pool measured
    * more than its noise allows: too few passes of the two to take the larger one.
    */
   public boolean heldAtSaturation() {
      return pick != null && pick != best && saturatedFrom != null && pick.pool() >= saturatedFrom
            && !bothRepeated(pick, best) && !withinRule(pick);
   }

   /** Near the best by the rule alone: past the saturation point by the test, elsewhere by its mean within 5%. */
   private boolean withinRule(PoolSize p) {
      return byTest(p) ? notBelow(p) : p.throughput().mean() >= NEAR_BEST * best.throughput().mean();
   }

   /** True when a pool may be near the best by the test rather than by its mean: past the saturation point. */
   public boolean byTest(PoolSize p) {
      return saturatedFrom != null && p.pool() >= saturatedFrom && (tested || noise != null || spread != null);
   }

   /** True when the pick was tested against the saturated steps' spread rather than the plain 5%. */
   public boolean fromCeilingNoise() {
      return noise != null && pick != null && pick.pool() >= noise.from();
   }
}
