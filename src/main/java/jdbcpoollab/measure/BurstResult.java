package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * What one source did through a burst, as {@code summary.json} holds it under "sources".
 *
 * @param source              the pool library
 * @param openFailure         why its pool did not open, or null
 * @param burstServedMs       from the burst's start to the end of its last operation; null when it was not served
 *                            (an operation failed, or the users were stopped first)
 * @param connectionsOpened   physical connections opened over the pool's life, its fill included, by the server's
 *                            own count ({@code Connections}); -1 when the server has no such counter
 * @param proxyAccepted       the same counted by the proxy: connections it accepted
 * @param poolSizeAfter       physical connections open once every user had left
 * @param quickestHandshakeMs the quickest new connection's handshake through the proxy: each was at least this late
 * @param acquire             every getConnection
 * @param longestAcquireMs    the longest getConnection, however it ended
 * @param ok                  operations completed
 * @param failed              operations failed
 * @param failures            how they failed: "phase: normalised message" to count
 * @param longestSampleGapMs  the longest time between two samples
 * @param leftOpenAfterClose  connections still open through the proxy after the pool was closed
 * @param failedAcquire       the getConnection calls that failed: how long the pool made each caller wait for it
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record BurstResult(String source, String openFailure, Double burstServedMs, long connectionsOpened,
                          long proxyAccepted, int poolSizeAfter, double quickestHandshakeMs, Timing acquire,
                          double longestAcquireMs, long ok, long failed, Map<String, Long> failures,
                          double longestSampleGapMs, int leftOpenAfterClose, Timing failedAcquire)
      implements FaultResult {
}
