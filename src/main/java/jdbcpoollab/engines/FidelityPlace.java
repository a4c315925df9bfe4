package jdbcpoollab.engines;

import jdbcpoollab.measure.StepId;
import jdbcpoollab.workloads.Workload;

/** Where a block sits: workload, pool size and round, 0 for a warm-up block (its results are not kept). */
record FidelityPlace(Workload workload, int pool, int round) {
   boolean measured() {
      return round > 0;
   }

   /** The plugin and S1 run in the first round (and in the warm-up) only. */
   boolean firstRound() {
      return round <= 1;
   }

   /** Which step a contender runs here at a pool size, such as {@code wait/lab/r2 pool=08}. */
   StepId id(String contender, int size, int width) {
      return new StepId(workload.name() + "/" + contender + (measured() ? "/r" + round : "/warm-up"), "", size, 1,
            1, width);
   }
}
