package jdbcpoollab.analysis;

import jdbcpoollab.measure.FaultSample;

import java.util.List;

/**
 * Throughput before a disturbance and how long after it the pool was back to it: the first moment after
 * {@code backMs} from which a whole window of samples completes at least 80% of the steady rate.
 *
 * @param steadyPerSecond operations per second over the second half of the steady period
 * @param seconds         from {@code backMs} to that moment; null when no window after it reaches the rate
 */
public record Recovery(double steadyPerSecond, Double seconds) {
   static final double SHARE = 0.8;

   public static Recovery of(List<FaultSample> samples, double steadyMs, double backMs, double windowMs) {
      double rate = rate(samples, steadyMs / 2, steadyMs);
      if (!(rate > 0)) {
         return new Recovery(0, null);
      }
      for (int i = 0; i < samples.size(); i++) {
         double from = i == 0 ? 0 : samples.get(i - 1).ms();
         if (from < backMs || from + windowMs > samples.get(samples.size() - 1).ms()) {
            continue;
         }
         if (rate(samples, from, from + windowMs) >= SHARE * rate) {
            return new Recovery(rate, (from - backMs) / 1000);
         }
      }
      return new Recovery(rate, null);
   }

   /** Operations per second completed in the samples that end in (fromMs, toMs]. */
   static double rate(List<FaultSample> samples, double fromMs, double toMs) {
      long done = 0;
      double first = Double.NaN;
      double last = Double.NaN;
      double previous = 0;
      for (FaultSample s : samples) {
         if (s.ms() > fromMs && s.ms() <= toMs) {
            done += s.completed();
            first = Double.isNaN(first) ? previous : first;
            last = s.ms();
         }
         previous = s.ms();
      }
      return Double.isNaN(first) || last <= first ? 0 : done / ((last - first) / 1000);
   }
}
