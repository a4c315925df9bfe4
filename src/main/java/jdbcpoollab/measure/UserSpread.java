package jdbcpoollab.measure;

import jdbcpoollab.files.Decimals;

import java.util.Arrays;

/**
 * How evenly the operations of a step were shared among its users: min, median and max operations per user,
 * and Jain's fairness index (1 = perfectly even, 1/n = one user did everything).
 */
public record UserSpread(int users, long min, double median, long max,
                         @Decimals(value = 4, orNull = false) double jain) {

   /** @param counts operations per user; users that completed none must be present as zeros */
   public static UserSpread of(long[] counts) {
      if (counts.length == 0) {
         return new UserSpread(0, 0, 0, 0, 0);
      }
      long[] sorted = counts.clone();
      Arrays.sort(sorted);
      int n = sorted.length;
      return new UserSpread(n, sorted[0], median(sorted), sorted[n - 1], jain(counts));
   }

   /** The median of sorted values, the mean of the middle two for an even count. */
   static double median(long[] sorted) {
      int n = sorted.length;
      return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
   }

   /** Jain's index (sum x)^2 / (n * sum x^2); 0 when nobody did anything. */
   public static double jain(long[] counts) {
      double sum = 0;
      double squares = 0;
      for (long c : counts) {
         sum += c;
         squares += (double) c * c;
      }
      return squares == 0 ? 0 : sum * sum / (counts.length * squares);
   }
}
