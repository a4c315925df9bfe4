package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jdbcpoollab.files.Decimals;

import java.util.Map;

/**
 * One run of one option: {@code users} users doing {@code ops} operations each.
 *
 * @param run             0 for the warm-up run (not counted), then 1, 2, …
 * @param seconds         the batch: first operation's start to last operation's end
 * @param openSeconds     opening the connection source before the batch (filling the pool), not in {@code seconds}
 * @param server          the server's counters for the run, named as the product names them: the connections it
 *                        accepted (pool fill included) first, then others such as threads created or the peak of
 *                        connections open at once (the lab's own one included); empty when there are none (n/a)
 * @param complete        every operation ran (successfully or not)
 */
@JsonPropertyOrder({"option", "run", "warmup", "users", "ops", "seconds", "openSeconds", "ok", "ko", "connections",
      "server", "acquire", "query", "total", "errors", "complete"})
public record RunResult(String option, int run, int users, int ops, @Decimals(value = 6, orNull = false) double seconds,
                        @Decimals(value = 6, orNull = false) double openSeconds, long ok, long ko,
                        @JsonIgnore Latencies latencies, Map<String, Long> server, Map<String, Long> errors,
                        boolean complete) {

   /** Physical connections the server accepted during the run, or null when it does not say. */
   @JsonProperty("connections")
   public Long connections() {
      return server.isEmpty() ? null : server.values().iterator().next();
   }

   @JsonProperty("warmup")
   public boolean warmup() {
      return run == 0;
   }

   /** Counted in the statistics: not a warm-up, and every operation ran. */
   public boolean counted() {
      return !warmup() && complete;
   }

   @JsonProperty("acquire")
   public Timing acquire() {
      return Timing.of(latencies.acquire());
   }

   @JsonProperty("query")
   public Timing query() {
      return Timing.of(latencies.query());
   }

   @JsonProperty("total")
   public Timing total() {
      return Timing.of(latencies.total());
   }
}
