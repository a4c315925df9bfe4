package jdbcpoollab.analysis;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The mean of a few repeated measurements and its 95% confidence interval (Student's t with n - 1 degrees of
 * freedom). With one measurement the interval is that measurement alone. The lab's measurements (throughputs,
 * latencies) are never negative, so neither is the interval's lower end: with two or three wide measurements t's
 * interval reaches below 0, which no pool can measure, and is cut at 0.
 */
public record Estimate(double mean, double low, double high, int n) {

   public static Estimate of(double[] values) {
      if (values.length == 0) {
         return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0);
      }
      double mean = StatUtils.mean(values);
      if (values.length < 2) {
         return new Estimate(mean, mean, mean, values.length);
      }
      double half = new TDistribution(values.length - 1).inverseCumulativeProbability(1 - Welch.ALPHA / 2)
            * Math.sqrt(StatUtils.variance(values) / values.length);
      return new Estimate(mean, Math.max(0, mean - half), mean + half, values.length);
   }

   /** Whether the interval says anything beyond the mean: two or more measurements. */
   public boolean repeated() {
      return n >= 2;
   }
}
