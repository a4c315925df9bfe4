package jdbcpoollab.measure;

/**
 * One sample of a pool through a scenario beyond steady state.
 *
 * @param ms               since the scenario's start
 * @param completed        operations completed since the previous sample
 * @param failed           operations failed since the previous sample
 * @param acquireP99Ms     P99 of the getConnection calls that ended since the previous sample (NaN without any)
 * @param acquireMaxMs     the longest of them (NaN without any)
 * @param active           connections lent out (-1: the library cannot tell)
 * @param idle             connections idle in the pool (-1: cannot tell)
 * @param waiting          threads waiting for a connection (-1: cannot tell)
 * @param proxyConnections client connections open through the proxy, the pool's physical connections
 * @param inGetConnection  the lab's users inside getConnection at that moment, whatever the library tells
 */
public record FaultSample(double ms, long completed, long failed, double acquireP99Ms, double acquireMaxMs,
                          int active, int idle, int waiting, int proxyConnections, int inGetConnection) {
}
