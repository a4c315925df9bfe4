package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import jdbcpoollab.files.Json;

import java.util.Map;

/**
 * What one open-model step measured: everything a closed-loop step has (its {@code users} are the request threads,
 * its {@code throughput} the achieved rate and its {@code total} runs from each request's arrival), and the wait for
 * a request thread.
 *
 * @param rate     the offered arrival rate, per second
 * @param threads  the request threads that served the arrivals
 * @param queue    from arrival until a request thread picked the request up, for requests that ended in the window
 * @param refused  requests refused inside the window (request queue full); counted in {@code step.counts().ko()}
 * @param unserved requests still queued when the window closed, dropped without running
 */
public record ArrivalResult(@JsonUnwrapped StepResult step, double rate, int threads, Timing queue, long refused,
                            long unserved) {

   /** The same with {@code measured} as its step's numbers, such as its sampler's judgement of them. */
   public ArrivalResult with(StepResult measured) {
      return new ArrivalResult(measured, rate, threads, queue, refused, unserved);
   }

   /** In {@code summary.json}: the step's entries, then these. */
   public Map<String, Object> toMap() {
      return Json.toMap(this);
   }

   public static ArrivalResult fromMap(Map<String, Object> m) {
      return Json.as(m, ArrivalResult.class);
   }
}
