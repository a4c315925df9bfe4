package jdbcpoollab.runoptions;

import java.util.List;

/**
 * The options two or more simulations read, each with a default or bounds of its own ({@code -Dpool}, {@code -Dops},
 * {@code -Drounds}, {@code -Drepeat}, {@code -DrttMs}), as {@link CommonOptions.Takes} takes them and
 * {@link CommonOptions} reads them: 0 or empty for one the simulation does not take, which is not read, so that it is
 * refused as another simulation's.
 *
 * @param rttsMs {@code -DrttMs} as {@link CommonOptions.Takes#withRttsMs} takes it: each round trip, in the order
 *               given
 * @param rttMs  {@code -DrttMs} as {@link CommonOptions.Takes#withRttMs} takes it: one round trip
 */
public record Variants(int pool, int ops, int rounds, int repeat, List<Integer> rttsMs, int rttMs) {
}
