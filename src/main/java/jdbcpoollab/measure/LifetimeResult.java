package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * What one source did while connections died underneath it, as {@code summary.json} holds it under "sources".
 *
 * @param source              the pool library
 * @param openFailure         why its pool did not open, or null
 * @param ok                  operations completed
 * @param failed              operations failed
 * @param failedPer1000       failed per 1,000 operations
 * @param connectionsOpened   physical connections opened over the pool's life, its fill included, by the server's
 *                            own count ({@code Connections}); -1 when the server has no such counter
 * @param connectionsReplaced connections opened beyond the pool's fill: each replaced one the server or the proxy
 *                            closed, or the pool retired
 * @param proxyAccepted       connections the proxy accepted
 * @param cutByProxy          connections the proxy cut at their age
 * @param acquire             every getConnection
 * @param longestAcquireMs    the longest getConnection, however it ended
 * @param failures            how they failed: "phase: normalised message" to count
 * @param longestSampleGapMs  the longest time between two samples
 * @param leftOpenAfterClose  connections still open through the proxy after the pool was closed
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record LifetimeResult(String source, String openFailure, long ok, long failed, double failedPer1000,
                             long connectionsOpened, long connectionsReplaced, long proxyAccepted, long cutByProxy,
                             Timing acquire, double longestAcquireMs, Map<String, Long> failures,
                             double longestSampleGapMs, int leftOpenAfterClose) implements FaultResult {
}
