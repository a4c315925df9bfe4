package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The search for the knee instead of a fixed list of pools ({@code -Dpools=auto}): the pool doubles (1, 2, 4 …) while
 * each size raises the throughput significantly (the previous one falls below 95% of it, the rule's own margin) and
 * the users are not reached; once a doubling raises it no more, the search bisects between the largest size below
 * 95% of the best and the smallest within it, until they are neighbours. The latter is the rule's answer on the sizes
 * tried. Still rising at the users, it stops there: a closed loop of that many users needs no more connections.
 *
 * @param tried the sizes measured, in the order they were
 * @param next  the size to measure next; null once the search has stopped
 * @param stop  why it stopped; null while it goes on
 * @param low   the largest size tried below 95% of the best, 0 when none (once stopped)
 * @param high  the smallest size tried within 5% of the best (once stopped)
 */
public record KneeSearch(List<Integer> tried, Integer next, Stop stop, int low, int high) {

   public enum Stop {
      /** Still rising at the users: every user has a connection. */
      USERS,
      /** Stopped rising, and the sizes either side of 95% of the best are neighbours. */
      BISECTED,
      /** A size could not be measured (its step failed or had no operations): the search cannot go on. */
      FAILED
   }

   /** The search over a workload's steps in the order they ran; those measured again (a later pass) left out. */
   public static KneeSearch of(List<StepResult> inOrder, int users) {
      Map<Integer, Double> measured = new LinkedHashMap<>();
      for (StepResult s : inOrder) {
         if (s.id().pass() == 1 && !measured.containsKey(s.pool())) {
            measured.put(s.pool(), PoolSize.usable(s) ? s.counts().throughput() : Double.NaN);
         }
      }
      return of(measured, users);
   }

   /** The search given each size's throughput in the order measured; NaN for a size that could not be measured. */
   static KneeSearch of(Map<Integer, Double> measured, int users) {
      List<Integer> tried = List.copyOf(measured.keySet());
      if (tried.isEmpty()) {
         return new KneeSearch(tried, 1, null, 0, 0);
      }
      int last = tried.get(tried.size() - 1);
      if (Double.isNaN(measured.get(last))) {
         return new KneeSearch(tried, null, Stop.FAILED, 0, last);
      }
      int doubled = 1;
      while (doubled < tried.size() && tried.get(doubled) == Math.min(2 * tried.get(doubled - 1), users)
            && rises(measured.get(tried.get(doubled - 1)), measured.get(tried.get(doubled)))) {
         doubled++;
      }
      if (doubled == tried.size() && tried.get(0) == 1) {
         return last >= users ? new KneeSearch(tried, null, Stop.USERS, tried.size() > 1 ? tried.get(doubled - 2) : 0,
               last) : new KneeSearch(tried, Math.min(2 * last, users), null, 0, 0);
      }
      double best = measured.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      int high = measured.entrySet().stream().filter(e -> e.getValue() >= Recommendation.NEAR_BEST * best)
            .mapToInt(Map.Entry::getKey).min().orElseThrow();
      int low = measured.keySet().stream().filter(p -> p < high).mapToInt(Integer::intValue).max().orElse(0);
      if (high - low <= 1) {
         return new KneeSearch(tried, null, Stop.BISECTED, low, high);
      }
      return new KneeSearch(tried, (low + high) / 2, null, 0, 0);
   }

   /** A doubling raises the throughput significantly: the smaller size is below 95% of the larger one. */
   private static boolean rises(double before, double after) {
      return before < Recommendation.NEAR_BEST * after;
   }

   /** The sizes the doubling takes for {@code users} users at most: 1, 2, 4 … up to the users. */
   public static int doublings(int users) {
      int doublings = 1;
      for (int p = 1; p < users; p *= 2) {
         doublings++;
      }
      return doublings;
   }

   /** The sizes a search for {@code users} users may take at most: every doubling, then a bisection's halvings. */
   public static int mostSteps(int users) {
      return 2 * doublings(users);
   }
}
