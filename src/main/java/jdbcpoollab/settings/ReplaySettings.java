package jdbcpoollab.settings;

import java.util.List;

/**
 * What a Replay run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param capture    the Capture run folder replayed
 * @param source     the pool library and how each step's pool is configured
 * @param requests   the capture's requests, each replayed once per step
 * @param seconds    the capture's span: a step at speed 1 takes as long
 * @param speeds     the speed factors, each dividing the captured arrival times
 * @param sloP99Ms   the P99 total time from arrival the answer keeps under
 * @param threads    the application's request threads
 * @param queueLimit requests that may wait for a request thread before arrivals are refused
 * @param writes     whether the capture writes, and so its replay was allowed to
 * @param sameServer whether the replay was allowed on the server the capture came from
 * @param gaps       when a transaction's statements after its first were sent: {@code captured} or {@code none}
 * @param jvmWarmup  how long the JVM's warm-up replayed the capture at the first speed before the first step, in s
 * @param statements the requests' statements, each replayed once per step
 * @param prepared   how many of them the application sent prepared, and so the replay did
 * @param driverProps the driver properties the replay added to the target's URL to send them as the application did
 */
public record ReplaySettings(String capture, String source, int requests, double seconds, List<Double> speeds,
                             List<Integer> pools, double sloP99Ms, int threads, int queueLimit, boolean writes,
                             boolean sameServer, String gaps, int connectionTimeoutMs, double recoverSeconds,
                             double jvmWarmup, long statements, long prepared, String driverProps)
      implements RunSettings {
}
