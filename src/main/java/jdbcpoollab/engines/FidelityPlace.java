package jdbcpoollab.engines;

import jdbcpoollab.measure.StepId;
import jdbcpoollab.runoptions.FidelityOptions;
import jdbcpoollab.workloads.Workload;

import java.util.List;
import java.util.stream.IntStream;

/** Where a block sits: workload, pool size and round, 0 for a warm-up block (its results are not kept). */
record FidelityPlace(Workload workload, int pool, int round) {
   /**
    * Every measured block in the order they run, the product of its axes: rounds interleaved (every workload at every
    * pool size, then again), so that drift hits every block alike.
    */
   static List<FidelityPlace> plan(FidelityOptions options) {
      return product(IntStream.rangeClosed(1, options.rounds()).boxed().toList(), options.workloads(),
            options.pools());
   }

   /** The warm-up round before them: each workload once at the largest pool size, not measured. */
   static List<FidelityPlace> warmup(FidelityOptions options) {
      return product(List.of(0), options.workloads(), List.of(options.largestPool()));
   }

   private static List<FidelityPlace> product(List<Integer> rounds, List<Workload> workloads, List<Integer> pools) {
      return new Axes().axis("round", rounds).axis("workload", workloads).axis("pool", pools).product().stream()
            .map(at -> new FidelityPlace(at.get("workload", Workload.class), at.get("pool", Integer.class),
                  at.get("round", Integer.class)))
            .toList();
   }

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
