package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToDoubleFunction;

/**
 * The search for the knee instead of a fixed list of pools ({@code -Dpools=auto}): the pool doubles (1, 2, 4 …) while
 * each size raises the throughput significantly (the previous one falls below 95% of it, the rule's own margin), the
 * users are not reached and the database was not saturated at the previous size; once a doubling raises it no more,
 * the search bisects between the largest size below 95% of the best and the smallest within it, until they are
 * neighbours. The latter is the rule's answer on the sizes
 * tried. Still rising at the users, it stops there: a closed loop of that many users needs no more connections.
 * <p>
 * Two facts spare it sizes. When a doubling raised the throughput in proportion to the pool and the database is known
 * not to be saturated at it, the connections are the limit and the knee is likely far: the search tries the users'
 * pool next, then halves down from it while the halves stay within 5% of the best, and bisects as above. And a size
 * whose Little's-law ceiling (min(pool, users) / S1, with the 5% a window's edges allow) is below 95% of the best
 * cannot be within it: it counts as below without being measured. Nor does it bisect past the saturation point: when
 * the database was saturated at the size below 95% of the best and the doubling of it is the smallest within, the
 * rule's answer is the saturated size until passes of both tell them apart, which settling measures.
 *
 * @param tried        the sizes measured, in the order they were
 * @param next         the size to measure next; null once the search has stopped
 * @param stop         why it stopped; null while it goes on
 * @param low          the largest size known below 95% of the best, 0 when none (once stopped)
 * @param high         the smallest size tried within 5% of the best (once stopped)
 * @param jumpedFrom   the size after which the search went to the users' pool at once; 0 when it did not
 * @param lowByCeiling true when {@code low} is below by its Little's-law ceiling rather than measured
 */
public record KneeSearch(List<Integer> tried, Integer next, Stop stop, int low, int high, int jumpedFrom,
                         boolean lowByCeiling) {

   public enum Stop {
      /** Still rising at the users: every user has a connection. */
      USERS,
      /** Stopped rising, and the sizes either side of 95% of the best are neighbours. */
      BISECTED,
      /**
       * Stopped rising at a doubling from a size where the database was saturated: past the saturation point more
       * connections only queue inside the database, so the rule's answer is that size unless passes of both tell
       * the larger one better, which settling measures; bisecting between them adds no step the answer needs.
       */
      SATURATED,
      /** A size could not be measured (its step failed or had no operations): the search cannot go on. */
      FAILED
   }

   /**
    * The search over a workload's steps in the order they ran; those measured again (a later pass) left out. The
    * sizing of the same steps says where the database was not saturated and what each size's ceiling is.
    */
   public static KneeSearch of(List<StepResult> inOrder, Sizing sizing) {
      Map<Integer, Double> measured = new LinkedHashMap<>();
      Set<Integer> unsaturated = new HashSet<>();
      Set<Integer> saturated = new HashSet<>();
      for (StepResult s : inOrder) {
         if (s.id().pass() == 1 && !measured.containsKey(s.pool())) {
            measured.put(s.pool(), PoolSize.usable(s) ? s.counts().throughput() : Double.NaN);
            if (sizing.unsaturated(s)) {
               unsaturated.add(s.pool());
            }
            if (sizing.saturated(s)) {
               saturated.add(s.pool());
            }
         }
      }
      return of(measured, sizing.users(), unsaturated, saturated, sizing::ceiling);
   }

   /** The search given each size's throughput in the order measured, knowing nothing of the database or ceilings. */
   static KneeSearch of(Map<Integer, Double> measured, int users) {
      return of(measured, users, Set.of(), pool -> Double.NaN);
   }

   /**
    * The search given each size's throughput in the order measured (NaN for a size that could not be measured), the
    * sizes at which the database is known not to have been saturated, and each size's Little's-law ceiling (NaN when
    * unknown).
    */
   static KneeSearch of(Map<Integer, Double> measured, int users, Set<Integer> unsaturated,
                        IntToDoubleFunction ceiling) {
      return of(measured, users, unsaturated, Set.of(), ceiling);
   }

   /** As above, also knowing the sizes at which the database was saturated. */
   static KneeSearch of(Map<Integer, Double> measured, int users, Set<Integer> unsaturated, Set<Integer> saturated,
                        IntToDoubleFunction ceiling) {
      List<Integer> tried = List.copyOf(measured.keySet());
      if (tried.isEmpty()) {
         return new KneeSearch(tried, 1, null, 0, 0, 0, false);
      }
      int last = tried.get(tried.size() - 1);
      if (Double.isNaN(measured.get(last))) {
         return new KneeSearch(tried, null, Stop.FAILED, 0, last, 0, false);
      }
      int doubled = 1;
      while (doubled < tried.size() && tried.get(doubled) == Math.min(2 * tried.get(doubled - 1), users)
            && !saturated.contains(tried.get(doubled - 1))
            && rises(measured.get(tried.get(doubled - 1)), measured.get(tried.get(doubled)))) {
         doubled++;
      }
      if (doubled == tried.size() && tried.get(0) == 1) {
         if (last >= users) {
            return new KneeSearch(tried, null, Stop.USERS, tried.size() > 1 ? tried.get(doubled - 2) : 0, last, 0,
                  false);
         }
         boolean jump = tried.size() > 1 && proportional(measured, tried.get(doubled - 2), last)
               && unsaturated.contains(last);
         return new KneeSearch(tried, jump ? users : Math.min(2 * last, users), null, 0, 0, 0, false);
      }
      int jumpedFrom = tried.get(0) == 1 && doubled < tried.size() && tried.get(doubled) == users
            && 2 * tried.get(doubled - 1) < users ? tried.get(doubled - 1) : 0;
      double best = measured.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      double floor = Recommendation.NEAR_BEST * best;
      int high = measured.entrySet().stream().filter(e -> e.getValue() >= floor)
            .mapToInt(Map.Entry::getKey).min().orElseThrow();
      int low = measured.keySet().stream().filter(p -> p < high).mapToInt(Integer::intValue).max().orElse(0);
      boolean byCeiling = false;
      for (int p = high - 1; p > low; p--) {
         if (Contradiction.reachable(ceiling.applyAsDouble(p)) < floor) {
            low = p;
            byCeiling = true;
            break;
         }
      }
      if (jumpedFrom > 0 && high == users && low >= below(users)) {
         return new KneeSearch(tried, null, Stop.USERS, low, high, jumpedFrom, byCeiling);
      }
      if (high - low <= 1) {
         return new KneeSearch(tried, null, Stop.BISECTED, low, high, jumpedFrom, byCeiling);
      }
      if (!byCeiling && saturated.contains(low) && high == Math.min(2 * low, users)) {
         return new KneeSearch(tried, null, Stop.SATURATED, low, high, jumpedFrom, false);
      }
      int half = below(high);
      return new KneeSearch(tried, jumpedFrom > 0 && half > low ? half : (low + high) / 2, null, 0, 0, 0, false);
   }

   /** A doubling raises the throughput significantly: the smaller size is below 95% of the larger one. */
   private static boolean rises(double before, double after) {
      return before < Recommendation.NEAR_BEST * after;
   }

   /** The throughput rose in proportion to the pool from {@code before} to {@code after}, within 5%. */
   private static boolean proportional(Map<Integer, Double> measured, int before, int after) {
      return measured.get(after) >= Recommendation.NEAR_BEST * measured.get(before) * after / before;
   }

   /** The doubling below {@code size}: the largest power of two under it (0 for one connection). */
   private static int below(int size) {
      return size > 1 ? Integer.highestOneBit(size - 1) : 0;
   }

   /** The fewest sizes a search for {@code users} users takes to stop: 1, 2 and the next (4, or the users'). */
   public static int fewestSteps(int users) {
      return Math.min(3, doublings(users));
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
