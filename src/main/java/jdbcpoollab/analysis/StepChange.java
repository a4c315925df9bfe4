package jdbcpoollab.analysis;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * One measure of one step in two runs, each with its 95% interval, and the 95% interval of the ratio now /
 * baseline: what a baseline gate decides on. An interval is {NaN, NaN} when the runs give no measure of their noise.
 *
 * @param baseline         the baseline's value (the mean of its passes)
 * @param now              this run's value (the mean of its passes)
 * @param baselineInterval the baseline's 95% interval
 * @param nowInterval      this run's 95% interval
 * @param ratioInterval    the 95% interval of now / baseline
 */
public record StepChange(double baseline, double now, double[] baselineInterval, double[] nowInterval,
                         double[] ratioInterval) {
   private static final double[] UNKNOWN = {Double.NaN, Double.NaN};

   /** From each run's passes of the step (two or more each): their means, Student and Welch intervals. */
   public static StepChange ofPasses(double[] baseline, double[] now) {
      return new StepChange(StatUtils.mean(baseline), StatUtils.mean(now), meanInterval(baseline),
            meanInterval(now), Welch.ratioInterval(baseline, now));
   }

   /**
    * From one value per run, with the noise of a comparison taken from the spread of the log ratios now / baseline
    * of comparable steps (those of the step's series, or of the run): {@code logSd} their standard deviation, with
    * {@code df} degrees of freedom (the steps less one). The ratio's interval is exp(log ratio ± t·logSd); each
    * run, having half that variance, gets exp(± t·logSd/√2) around its value. Unknown without a spread (fewer than
    * two steps).
    */
   public static StepChange ofSpread(double baseline, double now, double logSd, int df) {
      if (df < 1 || !Double.isFinite(logSd) || !(baseline > 0) || !(now > 0)) {
         return new StepChange(baseline, now, UNKNOWN, UNKNOWN, UNKNOWN);
      }
      double half = new TDistribution(df).inverseCumulativeProbability(1 - Welch.ALPHA / 2) * logSd;
      double log = Math.log(now / baseline);
      return new StepChange(baseline, now, around(baseline, half / Math.sqrt(2)), around(now, half / Math.sqrt(2)),
            new double[] {Math.exp(log - half), Math.exp(log + half)});
   }

   private static double[] meanInterval(double[] values) {
      double mean = StatUtils.mean(values);
      double half = new TDistribution(values.length - 1).inverseCumulativeProbability(1 - Welch.ALPHA / 2)
            * Math.sqrt(StatUtils.variance(values) / values.length);
      return new double[] {mean - half, mean + half};
   }

   private static double[] around(double value, double logHalf) {
      return new double[] {value * Math.exp(-logHalf), value * Math.exp(logHalf)};
   }

   /**
    * Regressed when this run is worse than the tolerance allows and the two runs' intervals are apart; held when the
    * worse end of the ratio's interval is within the tolerance; inconclusive otherwise. Better is never worse: the
    * tolerance bounds the worse side only. A step that measured nothing now is no evidence, and regressed.
    */
   public GateVerdict verdict(Bound bound, double tolerancePct) {
      if (Double.isNaN(now)) {
         return GateVerdict.REGRESSED;
      }
      double share = tolerancePct / 100;
      boolean atLeast = bound == Bound.AT_LEAST;
      double limit = baseline * (atLeast ? 1 - share : 1 + share);
      boolean beyond = !bound.passes(now, limit);
      boolean apart = atLeast ? nowInterval[1] < baselineInterval[0] : nowInterval[0] > baselineInterval[1];
      if (beyond && apart) {
         return GateVerdict.REGRESSED;
      }
      boolean held = atLeast ? ratioInterval[0] >= 1 - share : ratioInterval[1] <= 1 + share;
      return held && !beyond ? GateVerdict.HELD : GateVerdict.INCONCLUSIVE;
   }

   /** The 95% interval of the change in percent, {NaN, NaN} when unknown. */
   public double[] changePctInterval() {
      return new double[] {100 * (ratioInterval[0] - 1), 100 * (ratioInterval[1] - 1)};
   }
}
