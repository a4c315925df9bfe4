package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.List;

/**
 * A workload's answer as data, for a script or a CI job to read from {@code summary.json} instead of summary.md.
 * <p>
 * Settled means the recommendation rule decided it without a tie it could not break: its pick was tested for
 * significance (repeated steps, or one pass against the saturated steps' spread), or no other pool came within 5% of
 * the best. Otherwise the pools within 5% of the best on single steps are still open.
 *
 * @param workload   the workload, and its source when the sweep had several, as its table is named
 * @param pool       the recommended pool; null when no step finished without failures
 * @param settled    whether the rule decided the pool without a tie it could not break
 * @param candidates the pools still open, smallest first: the pool alone when settled
 * @param disturbed  the workload's usable steps other processes or steal disturbed, by label ({@code cpu pool=04})
 * @param passes     the passes measured: the most steps of any pool size
 */
public record Answer(String workload, Integer pool, boolean settled, List<Integer> candidates, List<String> disturbed,
                     int passes) {
   public Answer {
      candidates = List.copyOf(candidates);
      disturbed = List.copyOf(disturbed);
   }

   /** The answer of a workload's sizing. */
   public static Answer of(Sizing sizing) {
      Recommendation choice = sizing.choice();
      PoolSize pick = choice.pick();
      int passes = sizing.pools().stream().mapToInt(p -> p.steps().size()).max().orElse(0);
      List<String> disturbed = sizing.steps().stream()
            .filter(s -> PoolSize.usable(s) && s.resources().machine().disturbed()).map(StepResult::label).toList();
      if (pick == null) {
         return new Answer(sizing.workload(), null, false, List.of(), disturbed, passes);
      }
      boolean settled = choice.tested() || choice.fromCeilingNoise() || choice.nearBest().size() == 1;
      List<Integer> open = settled ? List.of(pick.pool())
            : choice.nearBest().stream().map(PoolSize::pool).toList();
      return new Answer(sizing.workload(), pick.pool(), settled, open, disturbed, passes);
   }

   /** True when the answer rests on steps other work on the machine disturbed. */
   public boolean restsOnDisturbed() {
      return !disturbed.isEmpty();
   }
}
