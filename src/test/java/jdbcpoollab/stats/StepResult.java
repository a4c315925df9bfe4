package jdbcpoollab.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one step (one workload at one pool size) measured inside its window.
 *
 * @param ok         operations that completed successfully inside the window
 * @param ko         operations that failed inside the window
 * @param koOutside  failures during warm-up or after the window closed, reported so none is hidden
 * @param seconds    the measured window actually covered, in seconds
 * @param throughput ok / seconds
 * @param acquire    connection acquire wait of every operation in the window, failed ones included
 * @param query      statement time (prepare, execute, read all rows) of successful operations
 * @param total      acquire + query + release of successful operations
 * @param perUser    successful operations per user inside the window
 * @param errors     normalised failure message to count
 * @param complete   false when the step was cut short (database lost, run interrupted)
 */
public record StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                         double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                         Map<String, Long> errors, boolean complete) {

   /** How reports name a step, such as {@code wait pool=8}. */
   public static String label(String workload, int pool) {
      return workload + " pool=" + pool;
   }

   public String label() {
      return label(workload, pool);
   }

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("workload", workload);
      m.put("pool", pool);
      m.put("users", users);
      m.put("seconds", seconds);
      m.put("ok", ok);
      m.put("ko", ko);
      m.put("koOutsideWindow", koOutside);
      m.put("throughput", Math.round(throughput * 10.0) / 10.0);
      m.put("acquire", acquire.toMap());
      m.put("query", query.toMap());
      m.put("total", total.toMap());
      m.put("perUser", perUser.toMap());
      m.put("errors", errors);
      m.put("complete", complete);
      return m;
   }
}
