package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

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

   @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
   public static Timing fromMap(Map<String, Object> m) {
      if (m == null) {
         return EMPTY;
      }
      return new Timing((long) StepResult.number(m, "count"), StepResult.number(m, "avg"), StepResult.number(m, "p50"),
            StepResult.number(m, "p90"), StepResult.number(m, "p99"), StepResult.number(m, "max"));
   }

   @JsonValue
   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("count", count);
      m.put("avg", avg);
      m.put("p50", p50);
      m.put("p90", p90);
      m.put("p99", p99);
      m.put("max", max);
      return m;
   }
}
