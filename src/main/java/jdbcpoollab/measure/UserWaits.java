package jdbcpoollab.measure;

import java.util.Arrays;

/**
 * Each user's longest wait for a connection in a step (a wait still open at the close counted at its age), spread
 * across the users: what the typical user, the unlucky one in a hundred and the least-served user lived through.
 *
 * @param users    users that ran in the step
 * @param medianMs the median user's longest wait, in ms
 * @param p99Ms    the 99th percentile (nearest rank) of the users' longest waits, in ms
 * @param maxMs    the worst user's longest wait, in ms
 */
public record UserWaits(int users, double medianMs, double p99Ms, double maxMs) {
   public static final UserWaits NONE = new UserWaits(0, 0, 0, 0);

   /** @param longestNanos each user's longest wait, in ns */
   public static UserWaits of(long[] longestNanos) {
      if (longestNanos.length == 0) {
         return NONE;
      }
      long[] sorted = longestNanos.clone();
      Arrays.sort(sorted);
      int n = sorted.length;
      int p99 = (int) Math.ceil(0.99 * n) - 1;
      return new UserWaits(n, Timing.ms(UserSpread.median(sorted)), Timing.ms(sorted[p99]), Timing.ms(sorted[n - 1]));
   }
}
