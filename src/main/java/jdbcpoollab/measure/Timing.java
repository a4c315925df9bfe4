package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;

/** Summary of a histogram of nanosecond durations, in milliseconds rounded to the microsecond. */
public record Timing(long count, double avg, double p50, double p90, double p99, double max) {

   public static final Timing EMPTY = new Timing(0, 0, 0, 0, 0, 0);

   public static Timing of(Histogram nanos) {
      if (nanos.getTotalCount() == 0) {
         return EMPTY;
      }
      return new Timing(
            nanos.getTotalCount(),
            ms(nanos.getMean()),
            ms(nanos.getValueAtPercentile(50)),
            ms(nanos.getValueAtPercentile(90)),
            ms(nanos.getValueAtPercentile(99)),
            ms(nanos.getMaxValue()));
   }

   /** Nanoseconds to milliseconds, kept to microsecond resolution. */
   public static double ms(double nanos) {
      return Math.round(nanos / 1_000.0) / 1_000.0;
   }
}
