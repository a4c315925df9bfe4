package jdbcpoollab.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;
import java.util.Map;

/**
 * What a RateSweep run was asked to do, as {@code summary.json} records it under "settings".
 *
 * @param source          the pool library and how each step's pool is configured
 * @param rate            the offered arrival rate, requests per second
 * @param threads         the application's request threads
 * @param queueLimit      requests that may wait for a request thread before arrivals are refused
 * @param sloP99Ms        the P99 total time from arrival the answer keeps under
 * @param from            the PoolSweep run whose service times the prediction uses, or null: each step's own
 * @param workloadOptions the options of the workload types, each under its own name; not read back
 * @param queries         the statement each workload ran, by workload
 */
public record RateSweepSettings(String source, double rate, int threads, int queueLimit, double sloP99Ms,
                                String from, double seconds, double warmup,
                                @JsonIgnore Map<String, Object> workloadOptions, int connectionTimeoutMs,
                                double recoverSeconds, List<Integer> pools, List<String> workloads,
                                Map<String, String> queries) implements RunSettings {

   @JsonAnyGetter
   Map<String, Object> options() {
      return workloadOptions == null ? Map.of() : workloadOptions;
   }
}
