package jdbcpoollab.settings;

import java.util.List;

/**
 * What a Fidelity run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param workload the workloads' names and statements
 * @param rounds   rounds of the lab and the plain threads per workload and pool size; medians are reported
 * @param plugin   the community JDBC plugin's artifact, the third contender (first round only)
 */
public record FidelitySettings(String source, String workload, int users, double seconds, double warmup,
                               double s1Seconds, List<Integer> pools, int rounds, String plugin)
      implements RunSettings {
}
