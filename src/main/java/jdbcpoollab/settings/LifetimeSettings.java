package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * What a Lifetime run was asked to do, as {@code summary.json} records it under "settings" (the server's own
 * {@code wait_timeout}, when given, is among the environment's server variables).
 *
 * @param sources         the pool libraries, each configured as {@code describeTimes} says, one after the other
 * @param cutAfterMs      the proxy closed every connection this long after it opened; 0 never
 * @param maxLifetimeMs   the pools' maximum lifetime; 0 the library's default
 * @param keepaliveMs     the pools' keepalive; 0 the library's default
 * @param failurePauseMs  how long a user rested after a failed operation
 * @param workloadOptions the options of the workload types; not read back
 */
public record LifetimeSettings(List<String> sources, int pool, int users, int rounds, double workSeconds,
                               double pauseSeconds, int cutAfterMs, int maxLifetimeMs, int keepaliveMs,
                               int connectionTimeoutMs, int socketTimeoutMs, int failurePauseMs, String workload, String query,
                               @JsonIgnore Map<String, Object> workloadOptions) implements RunSettings {

   @JsonAnyGetter
   Map<String, Object> options() {
      return workloadOptions == null ? Map.of() : workloadOptions;
   }
}
