package jdbcpoollab.measure;

import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

import java.util.LinkedHashMap;
import java.util.Map;

/** Descriptive statistics of repeated measurements, such as the seconds of each run of one option. */
public record Sample(int n, double mean, double median, double stddev, double min, double max) {

   /** @param values the measurements; stddev is the sample standard deviation (n - 1), NaN below 2 values */
   public static Sample of(double[] values) {
      DescriptiveStatistics d = new DescriptiveStatistics(values);
      return new Sample(values.length, d.getMean(), d.getPercentile(50),
            values.length < 2 ? Double.NaN : d.getStandardDeviation(), d.getMin(), d.getMax());
   }

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("n", n);
      m.put("mean", Rounded.orNull(mean, 6));
      m.put("median", Rounded.orNull(median, 6));
      m.put("stddev", Rounded.orNull(stddev, 6));
      m.put("min", Rounded.orNull(min, 6));
      m.put("max", Rounded.orNull(max, 6));
      return m;
   }
}
