package jdbcpoollab.measure;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one open-model step measured: everything a closed-loop step has (its {@code users} are the request threads,
 * its {@code throughput} the achieved rate and its {@code total} runs from each request's arrival), and the wait for
 * a request thread.
 *
 * @param rate     the offered arrival rate, per second
 * @param threads  the request threads that served the arrivals
 * @param queue    from arrival until a request thread picked the request up, for requests that ended in the window
 * @param refused  requests refused inside the window (request queue full); counted in {@code step.ko()}
 * @param unserved requests still queued when the window closed, dropped without running
 */
public record ArrivalResult(StepResult step, double rate, int threads, Timing queue, long refused, long unserved) {

   /** In {@code summary.json}: the step's entries, then these. */
   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>(step.toMap());
      m.put("rate", rate);
      m.put("threads", threads);
      m.put("queue", queue.toMap());
      m.put("refused", refused);
      m.put("unserved", unserved);
      return m;
   }

   @SuppressWarnings("unchecked")
   public static ArrivalResult fromMap(Map<String, Object> m) {
      return new ArrivalResult(StepResult.fromMap(m), StepResult.number(m, "rate"), StepResult.integer(m, "threads"),
            Timing.fromMap((Map<String, Object>) m.get("queue")), (long) StepResult.number(m, "refused"),
            (long) StepResult.number(m, "unserved"));
   }
}
