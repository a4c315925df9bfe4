package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * What a Burst run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param sources         the pool libraries, each configured as {@code describeTimes} says, one after the other
 * @param connectMs       how late the proxy let each new connection's handshake through
 * @param burst           users arriving at once, each doing {@code ops} operations
 * @param workloadOptions the options of the workload types; not read back
 */
public record BurstSettings(List<String> sources, int minIdle, int maxPool, int idleTimeoutMs, int connectMs,
                            int burst, int ops, double idleSeconds, double maxSeconds, double sampleMs,
                            int connectionTimeoutMs, int socketTimeoutMs, String workload, String query,
                            @JsonIgnore Map<String, Object> workloadOptions) implements RunSettings {

   @JsonAnyGetter
   Map<String, Object> options() {
      return workloadOptions == null ? Map.of() : workloadOptions;
   }
}
