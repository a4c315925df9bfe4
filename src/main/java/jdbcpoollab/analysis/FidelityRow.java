package jdbcpoollab.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

/**
 * One round of one workload at one pool size of the fidelity benchmark: the lab's Gatling action against plain
 * threads and against the community plugin, all on the same pool, and against the ceiling Little's law puts on the
 * pool. {@link FidelityMedian} takes the median over the rounds and checks the targets.
 *
 * @param round        1 for the first round, the one the plugin and S1 run in
 * @param s1           one thread on a pool of one connection: its mean total time is S1 ({@link Capacity})
 * @param lab          the Gatling action in a closed loop
 * @param labGaps      the lab's harness time between two operations of a user
 * @param labReturns   connections the lab's pool got back inside the lab's window, counted by the pool itself
 * @param raw          the reference: plain threads of their own in a closed loop on the same kind of pool, timed
 *                     with their own HdrHistograms, none of the lab's code but the pool and the statement
 * @param rawGaps      the same gap for the reference's threads
 * @param twin         the reference run a second time in the same round (with {@code -Dtwin=true}), or null: how far
 *                     two runs of the same plain threads differ on this machine
 * @param pluginOk     connections the plugin's pool got back inside the plugin's window, counted by the pool itself;
 *                     0 in rounds after the first, which the plugin does not run
 * @param pluginSeconds the plugin's measured window, 0 when it did not run
 * @param cpu          this JVM's CPU µs per operation in the window of the lab, the reference and the plugin
 */
public record FidelityRow(String workload, int round, int pool, int users, StepResult s1, StepResult lab,
                          Timing labGaps, long labReturns, StepResult raw, Timing rawGaps, StepResult twin,
                          long pluginOk, double pluginSeconds, Cpu cpu) {

   /**
    * CPU microseconds of this JVM per operation completed in each contender's window, and of the reference's loop
    * threads alone ({@code rawThreads}, from ThreadMXBean).
    */
   public record Cpu(@Decimals(1) double lab, @Decimals(1) double raw, @Decimals(1) double plugin,
                     @Decimals(1) double rawThreads) {
      public Cpu(double lab, double raw, double plugin) {
         this(lab, raw, plugin, Double.NaN);
      }
   }

   /** S1 in ms, measured on one user alone on one connection ({@link Capacity#aloneS1Ms}). */
   public double s1Ms() {
      return s1 == null ? Double.NaN : Capacity.aloneS1Ms(s1);
   }

   /** The Little's-law ceiling ({@link Capacity#ceiling}); 0 when S1 was not measured. */
   public double ceiling() {
      return s1Ms() > 0 ? Capacity.ceiling(pool, users, s1Ms()) : 0;
   }

   /** False when a contender's step was cut short. */
   public boolean complete() {
      return lab.outcome().complete() && raw.outcome().complete() && (s1 == null || s1.outcome().complete());
   }

   public double pluginThroughput() {
      return pluginSeconds > 0 ? pluginOk / pluginSeconds : 0;
   }

   public double labOverRaw() {
      return ratio(lab.counts().throughput(), raw.counts().throughput());
   }

   /** The reference's second run against its first: 1 but for the machine's noise; NaN without a twin. */
   public double twinOverRaw() {
      return twin == null ? Double.NaN : ratio(twin.counts().throughput(), raw.counts().throughput());
   }

   public double labOverPlugin() {
      return ratio(lab.counts().throughput(), pluginThroughput());
   }

   public double efficiency() {
      return ratio(lab.counts().throughput(), ceiling());
   }

   /** The lab's client CPU per operation beyond the reference's, µs: this JVM's CPU in each window / operations. */
   public double labExtraCpuUs() {
      return cpu.lab() - cpu.raw();
   }

   /** The lab's wall time per operation beyond the reference's, µs: each window's length / operations in it. */
   public double labExtraWallUs() {
      return lab.counts().throughput() > 0 && raw.counts().throughput() > 0
            ? 1e6 / lab.counts().throughput() - 1e6 / raw.counts().throughput()
            : Double.NaN;
   }

   /** The pool's own count of the lab's completed operations against the lab's recorder: 1 when both agree. */
   public double returnsOverOk() {
      return ratio(labReturns, lab.counts().ok());
   }

   /** Timings are ms to the µs; the overhead targets read better in µs. */
   public static double us(double ms) {
      return ms * 1000;
   }

   /** An acquire wait's P99 of the lab's beside the plain threads', ms, for summary.json. */
   public record AcquireP99(@Decimals(3) double lab, @Decimals(3) double raw) {
   }

   /** Jain's index of the lab's users beside the plain threads', for summary.json. */
   public record Jain(@Decimals(4) double lab, @Decimals(4) double raw) {
   }

   /** The lab's extra client CPU and wall time per operation against the reference, µs, for summary.json. */
   public record Overhead(@Decimals(1) double cpuUs, @Decimals(2) double wallUs) {
   }

   /**
    * One round as summary.json holds it under each entry's {@code perRound} (docs/fidelity.md): throughputs in
    * operations/s, {@code s1Ms} as measured (NaN in the rounds that do not measure it), ratios to 4 decimals;
    * {@code twinOverRaw} only where the twin ran.
    */
   public record Written(String workload, int round, int pool, int users, double s1Ms, @Decimals(1) double ceiling,
                         @Decimals(1) double lab, @Decimals(1) double raw, @Decimals(1) double plugin, long pluginOk,
                         double pluginSeconds, @Decimals(4) double labOverRaw,
                         @JsonInclude(JsonInclude.Include.NON_NULL) @Decimals(4) Double twinOverRaw,
                         @Decimals(4) double labOverPlugin,
                         @Decimals(4) double efficiency, Timing overhead, Timing rawGap, long labOk, long labReturns,
                         AcquireP99 acquireP99Ms, Jain jain, @Decimals(4) double returnsOverOk, Cpu cpuMicrosPerOp,
                         Overhead labOverheadPerOp, boolean complete) {
   }

   private static double ratio(double a, double b) {
      return b > 0 ? a / b : Double.NaN;
   }

   public Written written() {
      return new Written(workload, round, pool, users, s1Ms(), ceiling(), lab.counts().throughput(),
            raw.counts().throughput(), pluginThroughput(), pluginOk, pluginSeconds, labOverRaw(),
            twin == null ? null : twinOverRaw(), labOverPlugin(),
            efficiency(), labGaps, rawGaps, lab.counts().ok(), labReturns,
            new AcquireP99(lab.times().acquire().p99(), raw.times().acquire().p99()),
            new Jain(lab.outcome().perUser().jain(), raw.outcome().perUser().jain()), returnsOverOk(), cpu,
            new Overhead(labExtraCpuUs(), labExtraWallUs()), complete());
   }
}
