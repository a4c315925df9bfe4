package jdbcpoollab.measure;

import jdbcpoollab.files.Decimals;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** Descriptive statistics of repeated measurements, such as the seconds of each run of one option. */
public record Sample(int n, @Decimals(6) double mean, @Decimals(6) double median, @Decimals(6) double stddev,
                     @Decimals(6) double min, @Decimals(6) double max) {

   /** @param values the measurements; stddev is the sample standard deviation (n - 1), NaN below 2 values */
   public static Sample of(double[] values) {
      DescriptiveStatistics d = new DescriptiveStatistics(values);
      return new Sample(values.length, d.getMean(), d.getPercentile(50),
            values.length < 2 ? Double.NaN : d.getStandardDeviation(), d.getMin(), d.getMax());
   }
}
