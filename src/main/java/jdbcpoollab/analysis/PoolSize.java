package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * One pool size of a sweep: its steps (one per pass of the sweep) and their mean and 95% interval.
 *
 * @param usable true when every one of its steps finished without failures and with operations
 */
public record PoolSize(int pool, List<StepResult> steps, boolean usable, Estimate throughput, Estimate acquireP99,
                       Estimate totalP99) {
   static PoolSize of(int pool, List<StepResult> steps) {
      return new PoolSize(pool, steps, steps.stream().allMatch(PoolSize::usable),
            Estimate.of(steps.stream().mapToDouble(s -> s.counts().throughput()).toArray()),
            Estimate.of(steps.stream().mapToDouble(s -> s.times().acquire().p99()).toArray()),
            Estimate.of(steps.stream().mapToDouble(s -> s.times().total().p99()).toArray()));
   }

   /** The steps grouped by pool size, smallest first. */
   static List<PoolSize> of(List<StepResult> steps) {
      Map<Integer, List<StepResult>> byPool = new TreeMap<>();
      steps.forEach(s -> byPool.computeIfAbsent(s.pool(), p -> new ArrayList<>()).add(s));
      return byPool.entrySet().stream().map(e -> of(e.getKey(), List.copyOf(e.getValue()))).toList();
   }

   /** Whether a recommendation may rest on a step: complete, without failures, with operations. */
   static boolean usable(StepResult s) {
      return s.outcome().complete() && s.counts().failures() == 0 && s.counts().ok() > 0;
   }

   double[] throughputs() {
      return steps.stream().mapToDouble(s -> s.counts().throughput()).toArray();
   }

   /** Mean of a step's number over the pool's steps. */
   public double mean(ToDoubleFunction<StepResult> f) {
      return steps.stream().mapToDouble(f).average().orElse(Double.NaN);
   }
}
