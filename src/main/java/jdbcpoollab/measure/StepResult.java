package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import jdbcpoollab.files.Json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one step (one workload at one pool size) measured inside its window, as {@code summary.json} holds it: the
 * step's identity, then its numbers.
 *
 * @param id         which step: workload, source, pool and pass
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
 * @param serverConnections connections the server accepted from opening the step's source to closing it, null when
 *                   not read
 * @param betweenMs  average time a user spent between the end of one operation and the start of its next (the
 *                   client's share of the loop), in ms
 * @param database   what the database server was doing during the window
 * @param clientCpu  what the load generator's JVM used of the machine during the window
 * @param checks     what the window did not see end and whether the step can be taken at its word (written into the
 *                   step's own entry: {@code openAtClose}, {@code littleRatio}, ...)
 * @param userThreads what the users ran on when not platform threads (virtual ones, and how many were pinned), else
 *                   null
 * @param jvm        the load generator's JVM at its largest in the window (heap, live platform threads), null when the
 *                   step was not sampled
 */
public record StepResult(@JsonUnwrapped StepId id, int users, double seconds, long ok, long ko,
                         @JsonProperty("koOutsideWindow") long koOutside,
                         @JsonSerialize(converter = Rounded.Tenth.class) double throughput, Timing acquire,
                         Timing query, Timing total, UserSpread perUser, Map<String, Long> errors, boolean complete,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long serverConnections,
                         @JsonSerialize(converter = Rounded.ThousandthOrNull.class)
                         @JsonDeserialize(using = Rounded.NanWhenNull.class) double betweenMs,
                         DatabaseActivity database, ClientCpu clientCpu, @JsonUnwrapped StepChecks checks,
                         @JsonInclude(JsonInclude.Include.NON_NULL) ThreadsSeen userThreads,
                         @JsonInclude(JsonInclude.Include.NON_NULL) JvmPeaks jvm) {

   /** Parts an older summary did not record read back as unknown. */
   public StepResult {
      checks = checks == null ? StepChecks.NONE : checks;
      acquire = acquire == null ? Timing.EMPTY : acquire;
      query = query == null ? Timing.EMPTY : query;
      total = total == null ? Timing.EMPTY : total;
      perUser = perUser == null ? UserSpread.of(new long[0]) : perUser;
      errors = errors == null ? Map.of() : errors;
      database = database == null ? DatabaseActivity.NONE : database;
      clientCpu = clientCpu == null ? ClientCpu.UNKNOWN : clientCpu;
   }

   /** A step without its JVM's peaks. */
   public StepResult(StepId id, int users, double seconds, long ok, long ko, long koOutside, double throughput,
                     Timing acquire, Timing query, Timing total, UserSpread perUser, Map<String, Long> errors,
                     boolean complete, Long serverConnections, double betweenMs, DatabaseActivity database,
                     ClientCpu clientCpu, StepChecks checks, ThreadsSeen userThreads) {
      this(id, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors, complete,
            serverConnections, betweenMs, database, clientCpu, checks, userThreads, null);
   }

   /** A step of users on platform threads. */
   public StepResult(StepId id, int users, double seconds, long ok, long ko, long koOutside, double throughput,
                     Timing acquire, Timing query, Timing total, UserSpread perUser, Map<String, Long> errors,
                     boolean complete, Long serverConnections, double betweenMs, DatabaseActivity database,
                     ClientCpu clientCpu, StepChecks checks) {
      this(id, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors, complete,
            serverConnections, betweenMs, database, clientCpu, checks, null);
   }

   /** A step without {@link StepChecks}: one of an open model, or built by a test. */
   public StepResult(StepId id, int users, double seconds, long ok, long ko, long koOutside, double throughput,
                     Timing acquire, Timing query, Timing total, UserSpread perUser, Map<String, Long> errors,
                     boolean complete, Long serverConnections, double betweenMs, DatabaseActivity database,
                     ClientCpu clientCpu) {
      this(id, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors, complete,
            serverConnections, betweenMs, database, clientCpu, StepChecks.NONE);
   }

   /** This step with what its users ran on. */
   public StepResult withThreads(ThreadsSeen seen) {
      return new StepResult(id, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors,
            complete, serverConnections, betweenMs, database, clientCpu, checks, seen, jvm);
   }

   /** This step with its JVM's peaks. */
   public StepResult withJvm(JvmPeaks peaks) {
      return new StepResult(id, users, seconds, ok, ko, koOutside, throughput, acquire, query, total, perUser, errors,
            complete, serverConnections, betweenMs, database, clientCpu, checks, userThreads, peaks);
   }

   public String workload() {
      return id.workload();
   }

   public String source() {
      return id.source();
   }

   public int pool() {
      return id.pool();
   }

   /** Which pass of the sweep (-Drepeat) the step belongs to, from 1. */
   public int repetition() {
      return id.pass();
   }

   /** How reports name the step, such as {@code wait pool=08}. */
   public String label() {
      return id.label();
   }

   /** Operations that failed, inside the window or not. */
   public long failures() {
      return ko + koOutside;
   }

   /** The step as {@code summary.json} holds it. */
   public Map<String, Object> toMap() {
      return Json.toMap(this);
   }

   /** A step read back from {@code summary.json}, its name neither padded nor numbered. */
   public static StepResult fromMap(Map<String, Object> m) {
      return Json.as(m, StepResult.class);
   }

   /**
    * A step read back from {@code summary.json}, named as its run named it.
    *
    * @param passes how many passes the run made
    * @param width  the digits of the run's largest pool
    */
   public static StepResult read(Map<String, Object> m, int passes, int width) {
      Map<String, Object> named = new LinkedHashMap<>(m);
      named.put("passes", passes);
      named.put("width", width);
      return fromMap(named);
   }

   /** This step as it reads back from {@code summary.json}, its numbers rounded as written. */
   public StepResult written() {
      return read(toMap(), id.passes(), id.width());
   }

   static double number(Map<String, Object> m, String key) {
      Object value = m.get(key);
      return value instanceof Number n ? n.doubleValue() : 0;
   }

   static int integer(Map<String, Object> m, String key) {
      return (int) number(m, key);
   }
}
