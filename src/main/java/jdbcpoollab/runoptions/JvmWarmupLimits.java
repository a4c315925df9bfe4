package jdbcpoollab.runoptions;

/**
 * How far PoolSweep's JVM warm-up may go.
 *
 * @param operations the most operations the JVM's warm-up may start
 * @param own        true when it may run a workload of the user's own that writes or uses up a queue feeder
 */
public record JvmWarmupLimits(int operations, boolean own) {
}
