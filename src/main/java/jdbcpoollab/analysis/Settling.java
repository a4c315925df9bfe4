package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Whether a workload's answer is decided, and which pools still decide it: the one rule of "settled", which the run's
 * settling, summary.json's answers and every report read. The rule ({@link Recommendation}) puts a pool in or out by
 * a one-sided test against 95% of the best; the answer is decided when the test puts the pick in significantly (p
 * above 1 - 5%; the best is in by definition) and every smaller pool out significantly (p under 5%, or its
 * Little's-law ceiling below 95% of the best). The pools it
 * has not told apart yet (the pick and the smaller pools either way) are the candidates, with the best as the
 * reference they are tested against, and so are the pools whose last step was disturbed (but a smaller pool whose
 * Little's-law ceiling is below 95% of the best, which no other work can have hidden); a run that settles its
 * answer measures them again until the answer is decided or its time is up.
 *
 * @param pick       the recommended pool, null when none qualified
 * @param best       the pool of the best mean throughput, which the others are tested against; null with no pick
 * @param decided    true when measuring again would not change the pick at the rule's 5% (or there is none)
 * @param candidates the pools still open, smallest first; empty when decided
 * @param untold     of the candidates, those the test has not told apart, smallest first; never the best, which is
 *                   near itself
 * @param redo       of the candidates, those the test told apart but whose last step was disturbed, smallest first
 * @param next       the pool to measure next: of the candidates the one measured fewest times, the pick first,
 *                   then the best, then the larger pools first; null when decided
 * @param passes     the most steps any usable pool has
 * @param disturbed  the usable steps other work on the machine disturbed, by name as the console gives it: a pass
 *                   after the first carries its number ({@code cpu pool=04}, {@code cpu pool=04 #2})
 */
public record Settling(Integer pick, Integer best, boolean decided, List<Integer> candidates, List<Integer> untold,
                       List<Integer> redo, Integer next, int passes, List<String> disturbed) {
   /** Steps measured while other work took the machine: their pool is measured again. */
   public static final Predicate<StepResult> DISTURBED = step -> step.resources().machine().disturbed();

   public Settling {
      candidates = List.copyOf(candidates);
      untold = List.copyOf(untold);
      redo = List.copyOf(redo);
      disturbed = List.copyOf(disturbed);
   }

   public static Settling of(Sizing sizing) {
      return of(sizing, DISTURBED);
   }

   static Settling of(Sizing sizing, Predicate<StepResult> isDisturbed) {
      Recommendation rule = sizing.choice();
      List<PoolSize> usable = sizing.pools().stream().filter(PoolSize::usable).toList();
      int passes = usable.stream().mapToInt(p -> p.steps().size()).max().orElse(0);
      List<String> disturbed = sizing.steps().stream().filter(s -> PoolSize.usable(s) && isDisturbed.test(s))
            .map(s -> s.id().name()).toList();
      PoolSize pick = rule.pick();
      if (pick == null) {
         return new Settling(null, null, true, List.of(), List.of(), List.of(), null, passes, disturbed);
      }
      List<PoolSize> open = new ArrayList<>();
      List<Integer> untold = new ArrayList<>();
      List<Integer> redo = new ArrayList<>();
      int best = rule.best().pool();
      for (PoolSize p : usable) {
         double pBelow = rule.pBelow(p);
         // the best is near itself by definition: a pick that is the best is decided by the smaller pools alone; a
         // smaller pool whose Little's-law ceiling is below 95% of the best is below it by queueing alone, whatever
         // other work took from its step, so measuring it again cannot change the answer
         boolean capped = p.pool() < pick.pool() && belowByCeiling(sizing, p, rule.best());
         boolean told = p.pool() < pick.pool() ? pBelow < Welch.ALPHA || capped
               : p.pool() > pick.pool() || p.pool() == best || pBelow > 1 - Welch.ALPHA;
         boolean again = isDisturbed.test(p.steps().get(p.steps().size() - 1)) && !capped;
         if (!told || again) {
            open.add(p);
         }
         if (!told) {
            untold.add(p.pool());
         } else if (again) {
            redo.add(p.pool());
         }
      }
      if (open.isEmpty()) {
         return new Settling(pick.pool(), best, true, List.of(), List.of(), List.of(), null, passes, disturbed);
      }
      if (open.stream().noneMatch(p -> p.pool() == best)) {
         open.add(rule.best());
      }
      PoolSize next = open.stream().min(Comparator.comparingInt((PoolSize p) -> p.steps().size())
            .thenComparingInt(p -> p.pool() == pick.pool() ? 0 : p.pool() == best ? 1 : 2)
            .thenComparingInt(p -> -p.pool())).orElseThrow();
      return new Settling(pick.pool(), best, false, open.stream().map(PoolSize::pool).sorted().toList(), untold, redo,
            next.pool(), passes, disturbed);
   }

   /**
    * True when the pool's Little's-law ceiling (with the 5% a window's edges allow) is below 95% of the best, and its
    * own steps agree with that ceiling (a pool measured above it contradicts S1, and is left to the test).
    */
   private static boolean belowByCeiling(Sizing sizing, PoolSize p, PoolSize best) {
      double bound = Contradiction.reachable(sizing.ceiling(p.pool()));
      return bound < Recommendation.NEAR_BEST * best.throughput().mean() && p.throughput().mean() <= bound;
   }
}
