package jdbcpoollab.settings;

import java.util.List;

/**
 * What a Fidelity run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param workload the workload's name and statement
 * @param plugin   the community JDBC plugin's artifact, the third contender
 */
public record FidelitySettings(String source, String workload, int users, double seconds, double warmup,
                               double s1Seconds, List<Integer> pools, String plugin) {
}
