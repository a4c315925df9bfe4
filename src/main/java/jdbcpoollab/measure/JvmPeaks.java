package jdbcpoollab.measure;

import jdbcpoollab.files.Decimals;

/**
 * The load generator's JVM at its largest during a step's window, read by the step's 100 ms sampler, as
 * {@code summary.json} holds it.
 *
 * @param heapPeakMb      the largest heap in use at a sample (MemoryMXBean), in MiB; garbage not yet collected counts
 * @param liveThreadsPeak the most live platform threads since the previous sample, at any sample (ThreadMXBean's
 *                        peak, reset at each sample); virtual threads are not counted, their carriers are
 */
public record JvmPeaks(@Decimals(value = 1, orNull = false) double heapPeakMb, int liveThreadsPeak) {
}
