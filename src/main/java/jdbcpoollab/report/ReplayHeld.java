package jdbcpoollab.report;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.measure.Rounded;

/**
 * How long a replay step's transactions held their connection, from their start to their end's start, as the
 * capture's profile measures the application's; NaN where no transaction ended.
 *
 * @param heldMedianMs the median
 * @param heldMeanMs   the mean, which is set beside the application's
 * @param lateMeanMs   per transaction, how late the replay started its statements after each was due (its captured
 *                     offset, or the previous statement's end), added up: the load generator's share of the held time
 */
public record ReplayHeld(@Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double heldMedianMs,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double heldMeanMs,
                         @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double lateMeanMs) {
   /** Held longer than this many times the application's, a replay sets its own times, not the database's. */
   public static final double LONGER = 1.2;
   public static final ReplayHeld NONE = new ReplayHeld(Double.NaN, Double.NaN, Double.NaN);

   /** Whether the transactions held their connection more than 20% longer than the application's {@code meanMs}. */
   public boolean longerThan(double meanMs) {
      return Double.isFinite(heldMeanMs) && Double.isFinite(meanMs) && heldMeanMs > LONGER * meanMs;
   }

   /** Whether the replay's own lateness explains at least half of what it held beyond the application's. */
   public boolean lateExplains(double meanMs) {
      return Double.isFinite(lateMeanMs) && lateMeanMs >= (heldMeanMs - meanMs) / 2;
   }
}
