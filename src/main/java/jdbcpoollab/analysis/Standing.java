package jdbcpoollab.analysis;

import java.util.Objects;
import java.util.stream.Stream;

/**
 * Whether a workload's answer stands though other work on the machine disturbed some of its steps
 * ({@link Settling#DISTURBED}): it does when none of the steps it rests on (the pick's and the best's) was disturbed,
 * or when the rule picks the same pool from the undisturbed steps alone, the pick's own among them.
 *
 * @param workload the workload, as its answer names it
 * @param pick     the pick over every step; null when none qualified
 * @param best     the pool of the best throughput, which the pick is tested against; null with no pick
 * @param touched  whether a step of the pick or of the best was disturbed
 * @param quiet    whether the pick has a step that was not disturbed, which the undisturbed steps can pick again
 * @param without  the pick over the undisturbed steps alone; null when none of them qualifies
 */
public record Standing(String workload, Integer pick, Integer best, boolean touched, boolean quiet, Integer without) {

   public static Standing of(Sizing sizing) {
      Recommendation rule = sizing.choice();
      if (rule.pick() == null) {
         return new Standing(sizing.workload(), null, null, false, false, null);
      }
      boolean touched = Stream.of(rule.pick(), rule.best()).flatMap(p -> p.steps().stream())
            .anyMatch(Settling.DISTURBED);
      boolean quiet = rule.pick().steps().stream().anyMatch(Settling.DISTURBED.negate());
      PoolSize alone = sizing.without(Settling.DISTURBED).choice().pick();
      return new Standing(sizing.workload(), rule.pick().pool(), rule.best().pool(), touched, quiet,
            alone == null ? null : alone.pool());
   }

   /** True when the answer holds without the disturbed steps. */
   public boolean stands() {
      return pick != null && (!touched || quiet && Objects.equals(pick, without));
   }
}
