package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Whether a workload's answer is decided, and which pools still decide it. The rule ({@link Recommendation}) puts a
 * pool in or out by a one-sided test against 95% of the best; the answer is decided when the test puts the pick in
 * significantly (p above 1 - 5%) and every smaller pool out significantly (p under 5%). The pools it has not told
 * apart yet (the pick and the smaller pools either way, and those whose last step was disturbed) are the
 * candidates, with the best as the reference they are tested against; a run that settles its answer measures them
 * again until the answer is decided or its time is up.
 *
 * @param pick       the recommended pool, null when none qualified
 * @param decided    true when measuring again would not change the pick at the rule's 5% (or there is none)
 * @param candidates the pools still to tell apart, smallest first; empty when decided
 * @param next       the pool to measure next: of the candidates the one measured fewest times, the pick first,
 *                   then the best, then the larger pools first; null when decided
 * @param passes     the most steps any pool has
 */
public record Settling(Integer pick, boolean decided, List<Integer> candidates, Integer next, int passes) {
   /** Steps measured while other work took the machine: their pool is measured again. */
   public static final Predicate<StepResult> DISTURBED = step -> step.resources().machine().disturbed();

   public static Settling of(Sizing sizing) {
      return of(sizing, DISTURBED);
   }

   static Settling of(Sizing sizing, Predicate<StepResult> disturbed) {
      Recommendation rule = sizing.choice();
      List<PoolSize> usable = sizing.pools().stream().filter(PoolSize::usable).toList();
      int passes = usable.stream().mapToInt(p -> p.steps().size()).max().orElse(0);
      PoolSize pick = rule.pick();
      if (pick == null) {
         return new Settling(null, true, List.of(), null, passes);
      }
      List<PoolSize> open = new ArrayList<>();
      for (PoolSize p : usable) {
         double pBelow = rule.pBelow(p);
         boolean told = p.pool() < pick.pool() ? pBelow < Welch.ALPHA
               : p.pool() > pick.pool() || pBelow > 1 - Welch.ALPHA;
         if (!told || disturbed.test(p.steps().get(p.steps().size() - 1))) {
            open.add(p);
         }
      }
      if (open.isEmpty()) {
         return new Settling(pick.pool(), true, List.of(), null, passes);
      }
      int best = rule.best().pool();
      if (open.stream().noneMatch(p -> p.pool() == best)) {
         open.add(rule.best());
      }
      PoolSize next = open.stream().min(Comparator.comparingInt((PoolSize p) -> p.steps().size())
            .thenComparingInt(p -> p.pool() == pick.pool() ? 0 : p.pool() == best ? 1 : 2)
            .thenComparingInt(p -> -p.pool())).orElseThrow();
      return new Settling(pick.pool(), false, open.stream().map(PoolSize::pool).sorted().toList(), next.pool(),
            passes);
   }
}
