package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.files.Decimals;

/**
 * The load generator's JVM during a step's window, read by the step's 100 ms sampler, as {@code summary.json} holds
 * it: at its largest, how hard its JIT was still compiling, and how long its garbage collector stopped it.
 *
 * @param heapPeakMb      the largest heap in use at a sample (MemoryMXBean), in MiB; garbage not yet collected counts
 * @param liveThreadsPeak the most live platform threads since the previous sample, at any sample (ThreadMXBean's
 *                        peak, reset at each sample); virtual threads are not counted, their carriers are
 * @param jitMsPerSecond  the JIT's compile time between the window's first and last samples (CompilationMXBean,
 *                        summed over its compiler threads), ms per second; null where the JVM does not count it or
 *                        the samples were too few
 * @param gcPauses        the garbage collector's pauses between the window's first and last samples
 *                        (GarbageCollectorMXBean); null where the samples were too few
 * @param gcPauseMs       their time in all, ms: each request under way then, and each arriving, waited for it
 */
public record JvmPeaks(@Decimals(value = 1, orNull = false) double heapPeakMb, int liveThreadsPeak,
                       @JsonInclude(JsonInclude.Include.NON_NULL) @Decimals(1) Double jitMsPerSecond,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long gcPauses,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long gcPauseMs) {
   /**
    * At or over this much compiling a second the JVM is still warming: the JIT competes with the load for the cores
    * and the code under load is not yet its final code, so the step measures the warm-up as well as the pool.
    */
   public static final long JIT_QUIET_MS = 100;

   /** Peaks without the JIT's count: a JVM that does not keep one, or a summary written before the lab read it. */
   public JvmPeaks(double heapPeakMb, int liveThreadsPeak) {
      this(heapPeakMb, liveThreadsPeak, null);
   }

   /** Peaks without the garbage collector's pauses: a summary written before the lab read them. */
   public JvmPeaks(double heapPeakMb, int liveThreadsPeak, Double jitMsPerSecond) {
      this(heapPeakMb, liveThreadsPeak, jitMsPerSecond, null, null);
   }

   /** True when the JIT compiled {@value #JIT_QUIET_MS} ms a second or more through the window. */
   public boolean jitBusy() {
      return jitMsPerSecond != null && jitMsPerSecond >= JIT_QUIET_MS;
   }
}
