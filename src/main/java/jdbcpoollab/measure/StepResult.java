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
 * @param source     the pool library (and driver) of a sweep over several, such as {@code hikari/mariadb}; empty
 *                   when the sweep had one
 * @param serverConnections connections the server accepted from opening the step's source to closing it, null when
 *                   not read
 * @param repetition which pass of the sweep (-Drepeat) the step belongs to, from 1
 * @param betweenMs  average time a user spent between the end of one operation and the start of its next (the
 *                   client's share of the loop), in ms
 * @param database   what the database server was doing during the window
 * @param clientCpu  what the load generator's JVM used of the machine during the window
 */
public record StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                         double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                         Map<String, Long> errors, boolean complete, String source, Long serverConnections,
                         int repetition, double betweenMs, DatabaseActivity database,
                         ClientCpu clientCpu) {

   /** A step of a sweep's one source, its server connections not read. */
   public StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                     double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                     Map<String, Long> errors, boolean complete, int repetition, double betweenMs,
                     DatabaseActivity database) {
      this(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors,
            complete, "", null, repetition, betweenMs, database, ClientCpu.UNKNOWN);
   }

   /** A step of the first pass, without the client's share or the database's activity measured. */
   public StepResult(String workload, int pool, int users, double seconds, long ok, long ko, long koOutside,
                     double throughput, Timing acquire, Timing query, Timing total, UserSpread perUser,
                     Map<String, Long> errors, boolean complete) {
      this(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors,
            complete, "", null, 1, Double.NaN, DatabaseActivity.NONE, ClientCpu.UNKNOWN);
   }

   /** This step, of the given source and with the server's count of connections. */
   public StepResult of(String source, Long serverConnections) {
      return new StepResult(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total,
            perUser, errors, complete, source, serverConnections, repetition, betweenMs, database, clientCpu);
   }

   /** The same step with what the database was doing during it. */
   public StepResult withDatabase(DatabaseActivity activity) {
      return new StepResult(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total,
            perUser, errors, complete, source, serverConnections, repetition, betweenMs, activity, clientCpu);
   }

   /** This step with the client CPU its window used. */
   public StepResult withClientCpu(ClientCpu cpu) {
      return new StepResult(workload, pool, users, seconds, ok, ko, koOutside, throughput, acquire, query, total,
            perUser, errors, complete, source, serverConnections, repetition, betweenMs, database, cpu);
   }

   /** How reports name a step, such as {@code wait pool=8}. */
   public static String label(String workload, int pool) {
      return workload + " pool=" + pool;
   }

   public String label() {
      return source.isEmpty() ? label(workload, pool) : workload + " " + source + " pool=" + pool;
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
            m.get("source") instanceof String source ? source : "",
            m.get("serverConnections") instanceof Number n ? n.longValue() : null,
            Math.max(1, integer(m, "repetition")),
            m.get("betweenMs") instanceof Number b ? b.doubleValue() : Double.NaN,
            DatabaseActivity.fromMap(m.get("database")),
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
      if (!source.isEmpty()) {
         m.put("source", source);
      }
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
      if (serverConnections != null) {
         m.put("serverConnections", serverConnections);
      }
      m.put("repetition", repetition);
      m.put("betweenMs", Rounded.orNull(betweenMs, 3));
      m.put("database", (database == null ? DatabaseActivity.NONE : database).toMap());
      m.put("clientCpu", clientCpu.toMap());
      return m;
   }
}
