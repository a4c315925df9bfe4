package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import jdbcpoollab.files.Json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one step (one workload at one pool size) measured inside its window, as {@code summary.json} holds it: the
 * step's identity, then its numbers, group by group, each group's entries written flat into the step's own entry.
 *
 * @param id        which step: workload, source, pool and pass
 * @param counts    users, window, operations and throughput
 * @param times     acquire, query and total times
 * @param outcome   operations per user, failures by message, and whether the window ran whole
 * @param resources what the window cost the database server and the load generator
 * @param checks    what the window did not see end and whether the step can be taken at its word
 *                  ({@code openAtClose}, {@code littleRatio}, ...)
 * @param runtime   what the users ran on and the load generator's JVM at its largest
 */
public record StepResult(@JsonUnwrapped StepId id, @JsonUnwrapped StepCounts counts, @JsonUnwrapped StepTimes times,
                         @JsonUnwrapped StepOutcome outcome, @JsonUnwrapped StepResources resources,
                         @JsonUnwrapped StepChecks checks, @JsonUnwrapped StepRuntime runtime) {

   /** Groups an older summary did not record read back as unknown. */
   public StepResult {
      times = times == null ? StepTimes.EMPTY : times;
      outcome = outcome == null ? new StepOutcome(null, null, false) : outcome;
      resources = resources == null ? StepResources.NONE : resources;
      checks = checks == null ? StepChecks.NONE : checks;
      runtime = runtime == null ? StepRuntime.NONE : runtime;
   }

   /** This step with what its users ran on. */
   public StepResult withThreads(ThreadsSeen seen) {
      return new StepResult(id, counts, times, outcome, resources, checks, new StepRuntime(seen, runtime.jvm()));
   }

   /** This step marked incomplete: its window ran whole, but what it measured cannot be taken whole. */
   public StepResult incomplete() {
      return new StepResult(id, counts, times, new StepOutcome(outcome.perUser(), outcome.errors(), false), resources,
            checks, runtime);
   }

   /** This step with its JVM's peaks. */
   public StepResult withJvm(JvmPeaks peaks) {
      return new StepResult(id, counts, times, outcome, resources, checks,
            new StepRuntime(runtime.userThreads(), peaks));
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
}
