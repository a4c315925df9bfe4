package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * What an Outage run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param sources         the pool libraries, each configured as {@code describeFixedSize} says, one after the other
 * @param down            how the database was unreachable: refuse or blackhole
 * @param socketTimeoutMs the driver's connect and socket timeouts on the pools' URL, so no call blocks for ever
 * @param failurePauseMs  how long a user rested after a failed operation
 * @param workloadOptions the options of the workload types; not read back
 */
public record OutageSettings(List<String> sources, String down, int pool, int users, double steadySeconds,
                             double downSeconds, double afterSeconds, int connectionTimeoutMs, int socketTimeoutMs,
                             int failurePauseMs, String workload, String query,
                             @JsonIgnore Map<String, Object> workloadOptions) implements RunSettings {

   @JsonAnyGetter
   Map<String, Object> options() {
      return workloadOptions == null ? Map.of() : workloadOptions;
   }
}
