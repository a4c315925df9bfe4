package jdbcpoollab.measure;

/**
 * What a step's users ran on, when it was not the default platform threads, as {@code summary.json} holds it.
 *
 * @param kind      the kind asked for ({@code -Dthreads}): {@code virtual}
 * @param onVirtual users whose loop ran on a virtual thread, as each found its own thread
 * @param pinned    JFR {@code jdk.VirtualThreadPinned} events from opening the step's pool to closing it: a virtual
 *                  thread that blocked while pinned to its carrier (inside {@code synchronized} before JDK 24, or a
 *                  native frame); null when not counted
 */
public record ThreadsSeen(String kind, long onVirtual, Long pinned) {
}
