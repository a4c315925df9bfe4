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
      m.put("mean", finite(mean));
      m.put("median", finite(median));
      m.put("stddev", finite(stddev));
      m.put("min", finite(min));
      m.put("max", finite(max));
      return m;
   }

   /** JSON has no NaN: a missing value is null. */
   public static Double finite(double v) {
      return Double.isFinite(v) ? RunResult.round6(v) : null;
   }
}
