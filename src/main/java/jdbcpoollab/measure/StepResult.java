package jdbcpoollab.measure;

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
 * @param clientCpu  what the load generator's JVM used of the machine during the window
 */
public record StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                         double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                         Map<String, Long> errors, boolean complete, ClientCpu clientCpu) {

   /** A step whose client CPU was not measured. */
   public StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                     double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                     Map<String, Long> errors, boolean complete) {
      this(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors,
            complete, ClientCpu.UNKNOWN);
   }

   /** This step with the client CPU its window used. */
   public StepResult withClientCpu(ClientCpu cpu) {
      return new StepResult(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total,
            perUser, errors, complete, cpu);
   }

   /** How reports name a step, such as {@code wait pool=8}. */
   public static String label(String workload, int pool) {
      return workload + " pool=" + pool;
   }

   public String label() {
      return label(workload, pool);
   }

   /** The inverse of {@link #toMap()}, for a step read back from {@code summary.json}. */
   @SuppressWarnings("unchecked")
   public static StepResult fromMap(Map<String, Object> m) {
      Map<String, Long> errors = new LinkedHashMap<>();
      ((Map<String, Object>) m.getOrDefault("errors", Map.of()))
            .forEach((message, count) -> errors.put(message, ((Number) count).longValue()));
      return new StepResult((String) m.get("workload"), integer(m, "pool"), integer(m, "users"),
            number(m, "seconds"), (long) number(m, "ok"), (long) number(m, "ko"), (long) number(m, "koOutsideWindow"),
            number(m, "throughput"), Timing.fromMap((Map<String, Object>) m.get("acquire")),
            Timing.fromMap((Map<String, Object>) m.get("query")), Timing.fromMap((Map<String, Object>) m.get("total")),
            UserSpread.fromMap((Map<String, Object>) m.get("perUser")), errors, Boolean.TRUE.equals(m.get("complete")),
            ClientCpu.fromMap((Map<String, Object>) m.get("clientCpu")));
   }

   static double number(Map<String, Object> m, String key) {
      Object value = m.get(key);
      return value instanceof Number n ? n.doubleValue() : 0;
   }

   static int integer(Map<String, Object> m, String key) {
      return (int) number(m, key);
   }

   /** Operations that failed, inside the window or not. */
   public long failures() {
      return ko + koOutside;
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
      m.put("throughput", Rounded.to(throughput, 1));
      m.put("acquire", acquire.toMap());
      m.put("query", query.toMap());
      m.put("total", total.toMap());
      m.put("perUser", perUser.toMap());
      m.put("errors", errors);
      m.put("complete", complete);
      m.put("clientCpu", clientCpu.toMap());
      return m;
   }
}
