package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * What a PoolSweep run was asked to do, as {@code summary.json} records it under "settings" and as the report reads
 * it back.
 *
 * @param source          the pool libraries and how each step's pool is configured, separated by "; "
 * @param workloadOptions the options of the workload types, each under its own name ({@code sleepMs}, {@code rows},
 *                        {@code sql}); not read back
 * @param queries         the statement each workload ran, by workload
 * @param acquireP99Ms    the P99 acquire wait the {@code -Dassert.p99AcquireMs} gate's default and older runs' rule
 *                        kept under
 * @param repeat          how many times the whole sweep ran, interleaved ({@code -Drepeat})
 * @param databaseCores   the database server's cores: the machine's for the embedded server, {@code -Ddb.cores}
 *                        for another one, null when unknown
 * @param drivers         the drivers each source was measured through ({@code -Ddriver}); empty for the URL's own
 */
public record PoolSweepSettings(String source, int users, double seconds, double warmup,
                            @JsonIgnore Map<String, Object> workloadOptions, int connectionTimeoutMs,
                            double recoverSeconds, List<Integer> pools, List<String> workloads,
                            Map<String, String> queries, double acquireP99Ms, int repeat, Integer databaseCores,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> drivers) implements RunSettings {
   /** The acquire-wait limit of a run that does not name one. */
   public static final double DEFAULT_ACQUIRE_P99_MS = 50;

   @JsonAnyGetter
   Map<String, Object> options() {
      return workloadOptions == null ? Map.of() : workloadOptions;
   }
}
