package jdbcpoollab.analysis;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.measure.Rounded;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TestUtils;

import java.util.Arrays;
import java.util.List;

/**
 * Is an option faster than the baseline, or is the difference noise? Welch's t-test (unequal variances) of the two
 * samples of run times, and the 95% confidence interval of the difference of their means, with the
 * Welch–Satterthwaite degrees of freedom.
 *
 * @param difference baseline mean - option mean: the time the option saves (negative: it is slower)
 * @param savingPct  difference in % of the baseline mean
 * @param t          Welch's t statistic
 * @param df         Welch–Satterthwaite degrees of freedom
 * @param p          two-sided p-value
 * @param ciLow      lower end of the 95% confidence interval of {@code difference}
 * @param ciHigh     upper end
 * @param savingLowPct  lower end of the 95% interval of the saving in %, from the interval of the ratio of the means
 *                      on its log ({@link #ratioInterval}): never above 100%, since a run cannot take less than
 *                      no time
 * @param savingHighPct upper end
 */
@JsonPropertyOrder({"difference", "savingPct", "ci95", "savingCi95Pct", "t", "df", "p", "verdict"})
public record Welch(@Decimals(6) double difference, @Decimals(6) double savingPct, @Decimals(6) double t,
                    @Decimals(6) double df, @Decimals(Decimals.ALL) double p, @JsonIgnore double ciLow,
                    @JsonIgnore double ciHigh, @JsonIgnore double savingLowPct, @JsonIgnore double savingHighPct) {
   public static final double ALPHA = 0.05;

   public static Welch compare(double[] baseline, double[] option) {
      double meanBase = StatUtils.mean(baseline);
      double difference = meanBase - StatUtils.mean(option);
      double savingPct = 100 * difference / meanBase;
      if (baseline.length < 2 || option.length < 2) {
         return new Welch(difference, savingPct, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
               Double.NaN, Double.NaN);
      }
      double vb = StatUtils.variance(baseline) / baseline.length;
      double vo = StatUtils.variance(option) / option.length;
      if (vb + vo == 0) {
         return new Welch(difference, savingPct, Double.NaN, Double.NaN, Double.NaN, difference, difference,
               savingPct, savingPct);
      }
      double[] ratio = ratioInterval(baseline, option);
      double df = (vb + vo) * (vb + vo)
            / (vb * vb / (baseline.length - 1) + vo * vo / (option.length - 1));
      double half = new TDistribution(df).inverseCumulativeProbability(1 - ALPHA / 2) * Math.sqrt(vb + vo);
      return new Welch(difference, savingPct, TestUtils.t(baseline, option), df, TestUtils.tTest(baseline, option),
            difference - half, difference + half, 100 * (1 - ratio[1]), 100 * (1 - ratio[0]));
   }

   /**
    * The 95% interval of option mean / baseline mean, computed on the log of the ratio: log R = log mean(option) -
    * log mean(baseline), each with variance s^2 / (n mean^2) (the delta method), Welch–Satterthwaite degrees of
    * freedom on those two terms, and the ends taken back with exp. Both ends are positive, so 1 - R stays under 1.
    * {NaN, NaN} when a mean is not positive.
    */
   public static double[] ratioInterval(double[] baseline, double[] option) {
      double mb = StatUtils.mean(baseline);
      double mo = StatUtils.mean(option);
      if (!(mb > 0) || !(mo > 0)) {
         return new double[] {Double.NaN, Double.NaN};
      }
      double vb = StatUtils.variance(baseline) / (baseline.length * mb * mb);
      double vo = StatUtils.variance(option) / (option.length * mo * mo);
      double log = Math.log(mo / mb);
      if (vb + vo == 0) {
         return new double[] {mo / mb, mo / mb};
      }
      double df = (vb + vo) * (vb + vo) / (vb * vb / (baseline.length - 1) + vo * vo / (option.length - 1));
      double half = new TDistribution(df).inverseCumulativeProbability(1 - ALPHA / 2) * Math.sqrt(vb + vo);
      return new double[] {Math.exp(log - half), Math.exp(log + half)};
   }

   /**
    * One-sided Welch test of "the mean of {@code sample} is below {@code factor} x the mean of {@code reference}":
    * the p-value of that alternative. Small means significantly below. NaN when either has fewer than 2 values or
    * neither varies.
    */
   public static double pBelow(double[] sample, double[] reference, double factor) {
      if (sample.length < 2 || reference.length < 2) {
         return Double.NaN;
      }
      double vs = StatUtils.variance(sample) / sample.length;
      double vr = factor * factor * StatUtils.variance(reference) / reference.length;
      if (vs + vr == 0) {
         return Double.NaN;
      }
      double t = (StatUtils.mean(sample) - factor * StatUtils.mean(reference)) / Math.sqrt(vs + vr);
      double df = (vs + vr) * (vs + vr) / (vs * vs / (sample.length - 1) + vr * vr / (reference.length - 1));
      return new TDistribution(df).cumulativeProbability(t);
   }

   public boolean significant() {
      return p < ALPHA;
   }

   /** "significant at 5%", "not significant at 5%", or why there is no test. */
   @JsonProperty("verdict")
   public String verdict() {
      if (Double.isNaN(p)) {
         return Double.isNaN(ciLow) ? "n/a (needs 2+ runs of each)" : "n/a (no spread)";
      }
      return significant() ? "significant at 5%" : "not significant at 5%";
   }

   /** For summary.json: the 95% interval of {@code difference}, null when there is none. */
   @JsonProperty("ci95")
   List<Double> ci95() {
      return interval(ciLow, ciHigh);
   }

   /** For summary.json: the 95% interval of the saving in %, null when there is none. */
   @JsonProperty("savingCi95Pct")
   List<Double> savingCi95Pct() {
      return interval(savingLowPct, savingHighPct);
   }

   /** A test read back from summary.json: null is NaN, and an interval that is null has NaN ends. */
   @JsonCreator
   static Welch read(@JsonProperty("difference") Double difference, @JsonProperty("savingPct") Double savingPct,
                     @JsonProperty("ci95") List<Double> ci95, @JsonProperty("savingCi95Pct") List<Double> savingCi95Pct,
                     @JsonProperty("t") Double t, @JsonProperty("df") Double df, @JsonProperty("p") Double p) {
      return new Welch(number(difference), number(savingPct), number(t), number(df), number(p), end(ci95, 0),
            end(ci95, 1), end(savingCi95Pct, 0), end(savingCi95Pct, 1));
   }

   private static List<Double> interval(double low, double high) {
      return Double.isNaN(low) ? null : Arrays.asList(Rounded.orNull(low, 6), Rounded.orNull(high, 6));
   }

   private static double end(List<Double> interval, int end) {
      return interval == null ? Double.NaN : number(interval.get(end));
   }

   private static double number(Double value) {
      return value == null ? Double.NaN : value;
   }
}
