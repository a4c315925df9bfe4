package jdbcpoollab.measure;

import java.util.LinkedHashMap;
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
public record RunResult(String option, int run, int users, int ops, double seconds, double openSeconds, long ok,
                        long ko, Latencies latencies, Map<String, Long> server, Map<String, Long> errors,
                        boolean complete) {

   /** Physical connections the server accepted during the run, or null when it does not say. */
   public Long connections() {
      return server.isEmpty() ? null : server.values().iterator().next();
   }

   public boolean warmup() {
      return run == 0;
   }

   /** Counted in the statistics: not a warm-up, and every operation ran. */
   public boolean counted() {
      return !warmup() && complete;
   }

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("option", option);
      m.put("run", run);
      m.put("warmup", warmup());
      m.put("users", users);
      m.put("ops", ops);
      m.put("seconds", Rounded.to(seconds, 6));
      m.put("openSeconds", Rounded.to(openSeconds, 6));
      m.put("ok", ok);
      m.put("ko", ko);
      m.put("connections", connections());
      m.put("server", server);
      m.put("acquire", Timing.of(latencies.acquire()).toMap());
      m.put("query", Timing.of(latencies.query()).toMap());
      m.put("total", Timing.of(latencies.total()).toMap());
      m.put("errors", errors);
      m.put("complete", complete);
      return m;
   }
}
