package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * What one source did through an outage, as {@code summary.json} holds it under "sources".
 *
 * @param source              the pool library
 * @param openFailure         why its pool did not open, or null
 * @param connectionTimeoutMs the acquire timeout it was given
 * @param longestAcquireMs    the longest getConnection, however it ended
 * @param acquire             every getConnection
 * @param ok                  operations completed
 * @param failed              operations failed
 * @param failures            how they failed: "phase: normalised message" to count
 * @param failedAfterReturn   of those, failed after the database was back
 * @param steadyPerSecond     operations per second before the outage
 * @param recoverySeconds     from the database's return to full throughput; null when not back within the run
 * @param leaked              connections the pool still counted as lent out once every user had left (-1: cannot
 *                            tell)
 * @param idleAfter           connections idle in the pool then (-1: cannot tell)
 * @param proxyConnectionsAfter client connections open through the proxy then: the pool's physical connections
 * @param leftOpenAfterClose  connections still open through the proxy after the pool was closed
 * @param usersLeftAfterMs    how long after the planned end of the load the last user left (its last operation)
 * @param longestSampleGapMs  the longest time between two samples: the lab's own sampler never blocked longer
 * @param failedAcquire       the getConnection calls that failed: how long the pool made its callers wait for it
 * @param failuresPerDownSecond operations that failed before the database's return, per second it was unreachable
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record OutageResult(String source, String openFailure, int connectionTimeoutMs, double longestAcquireMs,
                           Timing acquire, long ok, long failed, Map<String, Long> failures, long failedAfterReturn,
                           double steadyPerSecond, Double recoverySeconds, int leaked, int idleAfter,
                           int proxyConnectionsAfter, int leftOpenAfterClose, double usersLeftAfterMs,
                           double longestSampleGapMs, Timing failedAcquire, double failuresPerDownSecond)
      implements FaultResult {
}
