package jdbcpoollab.analysis;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Dpools=auto: which size next, and when the search stops. */
class KneeSearchTest {
   private static final int[] POOLS = {1, 2, 4, 8, 16, 32, 64};
   private static final double[] WAIT = {161, 327, 661, 1405, 2802, 5554, 9671};

   /** The search run to its end against a machine whose throughput at each pool size is {@code machine}'s. */
   private static KneeSearch search(IntToDoubleFunction machine, int users) {
      Map<Integer, Double> measured = new LinkedHashMap<>();
      KneeSearch search = KneeSearch.of(measured, users);
      while (search.next() != null) {
         assertTrue(measured.size() < KneeSearch.mostSteps(users), "bounded: " + measured);
         measured.put(search.next(), machine.applyAsDouble(search.next()));
         search = KneeSearch.of(measured, users);
      }
      return search;
   }

   /** As {@link #search(IntToDoubleFunction, int)}, the database not saturated at {@code roomy} sizes. */
   private static KneeSearch search(IntToDoubleFunction machine, int users, IntPredicate roomy,
                                    IntToDoubleFunction ceiling) {
      Map<Integer, Double> measured = new LinkedHashMap<>();
      Set<Integer> unsaturated = new HashSet<>();
      KneeSearch search = KneeSearch.of(measured, users, unsaturated, ceiling);
      while (search.next() != null) {
         assertTrue(measured.size() < KneeSearch.mostSteps(users), "bounded: " + measured);
         int pool = search.next();
         measured.put(pool, machine.applyAsDouble(pool));
         if (roomy.test(pool)) {
            unsaturated.add(pool);
         }
         search = KneeSearch.of(measured, users, unsaturated, ceiling);
      }
      return search;
   }

   private static IntToDoubleFunction table(double[] ops) {
      return pool -> {
         for (int i = 0; i < POOLS.length; i++) {
            if (POOLS[i] == pool) {
               return ops[i];
            }
         }
         throw new AssertionError("not a size of the table: " + pool);
      };
   }

   @Test
   void aCpuWorkloadSaturatedAtTwoStopsAfterThreeSizes() {
      KneeSearch s = search(table(new double[] {20.8, 42.6, 40.2, 42.8, 42.8, 42.8, 47.6}), 64);
      assertEquals(List.of(1, 2, 4), s.tried());
      assertEquals(KneeSearch.Stop.BISECTED, s.stop());
      assertEquals(2, s.high(), "the full sweep's answer");
      assertEquals(1, s.low());
      assertNull(s.next());
   }

   @Test
   void aWaitWorkloadStillRisingStopsAtTheUsers() {
      KneeSearch s = search(table(new double[] {161, 327, 661, 1405, 2802, 5554, 9671}), 64);
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), s.tried());
      assertEquals(KneeSearch.Stop.USERS, s.stop());
      assertEquals(64, s.high());
      assertEquals(32, s.low());
   }

   @Test
   void aKneeBetweenTwoDoublingsIsBisectedToNeighbours() {
      KneeSearch s = search(pool -> 10.0 * Math.min(pool, 24), 64);
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 24, 20, 22, 23), s.tried(), "doubling, then bisecting");
      assertEquals(KneeSearch.Stop.BISECTED, s.stop());
      assertEquals(23, s.high(), "230 ops/s is within 5% of 240");
      assertEquals(22, s.low());
   }

   @Test
   void theLastDoublingIsTheUsersWhenTheyAreNoPowerOfTwo() {
      KneeSearch s = search(pool -> 100.0 * pool, 48);
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 48), s.tried());
      assertEquals(KneeSearch.Stop.USERS, s.stop());
   }

   @Test
   void aWaitWorkloadRisingInProportionWithRoomInTheDatabaseGoesToTheUsersAtOnce() {
      IntToDoubleFunction wait = table(WAIT);
      // S1 6.1 ms: pool 32 serves at most 5246 ops/s, far below 95% of pool 64's 9671
      KneeSearch s = search(wait, 64, pool -> true, pool -> Math.min(pool, 64) * 1000 / 6.1);
      assertEquals(List.of(1, 2, 64), s.tried(), "3 steps instead of 7");
      assertEquals(KneeSearch.Stop.USERS, s.stop());
      assertEquals(64, s.high(), "the full sweep's answer");
      assertEquals(2, s.jumpedFrom());
      assertTrue(s.lowByCeiling());
      assertEquals(53, s.low(), "1.05 x 53 / 6.1 ms is under 95% of 9671 ops/s, 54 is not");

      KneeSearch unknown = search(wait, 64, pool -> true, pool -> Double.NaN);
      assertEquals(List.of(1, 2, 64, 32), unknown.tried(), "without a ceiling pool 32 is measured");
      assertEquals(KneeSearch.Stop.USERS, unknown.stop());
      assertEquals(32, unknown.low());
      assertEquals(64, unknown.high());

      KneeSearch saturated = search(wait, 64, pool -> false, pool -> Double.NaN);
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), saturated.tried(), "no room known: the doubling as before");
      assertEquals(0, saturated.jumpedFrom());
   }

   @Test
   void aCpuWorkloadSaturatedAtTwoDoesNotJump() {
      KneeSearch s = search(table(new double[] {20.8, 42.6, 40.2, 42.8, 42.8, 42.8, 47.6}), 64, pool -> pool == 1,
            pool -> Math.min(pool, 64) * 1000 / 48.0);
      assertEquals(List.of(1, 2, 4), s.tried(), "pool 2 saturated the database: no jump past it");
      assertEquals(KneeSearch.Stop.BISECTED, s.stop());
      assertEquals(2, s.high());
      assertEquals(0, s.jumpedFrom());
   }

   @Test
   void aDoublingPastTheSaturationPointIsNotBisected() {
      // the README's cpu run: saturated from pool 2, whose one step came out just below 95% of pool 4's
      Map<Integer, Double> measured = new LinkedHashMap<>();
      measured.put(1, 21.6);
      measured.put(2, 39.0);
      measured.put(4, 41.6);
      KneeSearch s = KneeSearch.of(measured, 64, Set.of(1), Set.of(2, 4), pool -> Double.NaN);
      assertEquals(KneeSearch.Stop.SATURATED, s.stop());
      assertNull(s.next());
      assertEquals(2, s.low());
      assertEquals(4, s.high());
      assertEquals(8, KneeSearch.of(measured, 64, Set.of(1), Set.of(), pool -> Double.NaN).next(),
            "not known saturated: 39.0 is below 95% of 41.6, a rise, and the doubling goes on");
      assertEquals(8, KneeSearch.of(measured, 64, Set.of(1), Set.of(4), pool -> Double.NaN).next(),
            "saturated only from pool 4: the doubling goes on");
   }

   @Test
   void aKneeFarBelowTheUsersIsFoundByHalvingDownThenBisecting() {
      IntToDoubleFunction knee = pool -> 10.0 * Math.min(pool, 24);
      KneeSearch s = search(knee, 64, pool -> true, pool -> Double.NaN);
      assertEquals(List.of(1, 2, 64, 32, 16, 24, 20, 22, 23), s.tried(), "down from the users, then bisecting");
      assertEquals(KneeSearch.Stop.BISECTED, s.stop());
      assertEquals(23, s.high(), "the doubling's answer");
      assertEquals(22, s.low());
      KneeSearch ceiling = search(knee, 64, pool -> true, pool -> 10.0 * Math.min(pool, 64));
      assertEquals(List.of(1, 2, 64, 32, 26, 23, 22), ceiling.tried(), "pools up to 21 cannot reach 228 ops/s");
      assertEquals(23, ceiling.high());
      assertEquals(KneeSearch.Stop.BISECTED, ceiling.stop());
   }

   @Test
   void aSizeThatCouldNotBeMeasuredStopsTheSearch() {
      Map<Integer, Double> measured = new LinkedHashMap<>();
      measured.put(1, 100.0);
      measured.put(2, Double.NaN);
      KneeSearch s = KneeSearch.of(measured, 64);
      assertEquals(KneeSearch.Stop.FAILED, s.stop());
      assertEquals(2, s.high());
      assertNull(s.next());
      assertEquals(1, KneeSearch.of(new LinkedHashMap<>(), 64).next(), "it starts at one connection");
      assertEquals(KneeSearch.Stop.USERS, search(pool -> 5.0, 1).stop(), "one user: one connection");
   }
}
