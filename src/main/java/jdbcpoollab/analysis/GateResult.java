package jdbcpoollab.analysis;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;

import java.util.List;
import java.util.Map;

/**
 * One gate checked on one step, as {@code summary.json} holds it in {@code gates}.
 *
 * @param id       which step, whatever its pass
 * @param measured the step's value, NaN when it measured nothing for this gate
 * @param limit    the value the gate allows, itself included
 * @param against  what a baseline gate compared with, null for a fixed limit
 * @param passed   whether the step passed: every verdict but a failed limit and a regression
 * @param verdict  what the gate said; a summary written before verdicts has {@code passed} alone
 */
@JsonPropertyOrder({"workload", "source", "pool", "gate", "bound", "measured", "allowed", "limit", "baseline",
      "changePct", "changeCi95Pct", "passed", "verdict"})
public record GateResult(@JsonIgnore StepId id, String gate,
                         @Decimals(6) @JsonDeserialize(using = Rounded.NanWhenNull.class) double measured,
                         Bound bound, double limit, @JsonIgnore Against against, boolean passed,
                         GateVerdict verdict) {

   /**
    * What a baseline gate compared with.
    *
    * @param baseline      the baseline's value the limit was derived from
    * @param changePct     the change against it in percent, null when not measured
    * @param changeCi95Pct the 95% interval of the change in percent, null when the runs gave no measure of noise
    */
   public record Against(double baseline, Double changePct, List<Double> changeCi95Pct) {
   }

   public GateResult {
      verdict = verdict != null ? verdict : passed ? GateVerdict.PASSED : GateVerdict.FAILED;
   }

   /** A gate as {@code summary.json} holds it; one written before verdicts has {@code passed} alone. */
   @JsonCreator
   static GateResult read(@JsonProperty("workload") String workload, @JsonProperty("source") String source,
                          @JsonProperty("pool") int pool, @JsonProperty("gate") String gate,
                          @JsonProperty("bound") Bound bound,
                          @JsonProperty("measured") @JsonDeserialize(using = Rounded.NanWhenNull.class) double measured,
                          @JsonProperty("limit") double limit, @JsonProperty("baseline") Double baseline,
                          @JsonProperty("changePct") Double changePct,
                          @JsonProperty("changeCi95Pct") List<Double> changeCi95Pct,
                          @JsonProperty("passed") boolean passed, @JsonProperty("verdict") GateVerdict verdict) {
      return new GateResult(new StepId(workload, source, pool, 1, 1, 1), gate, measured, bound, limit,
            baseline == null ? null : new Against(baseline, changePct, changeCi95Pct), passed, verdict);
   }

   @JsonProperty("workload")
   String workload() {
      return id.workload();
   }

   @JsonProperty("source")
   @JsonInclude(JsonInclude.Include.NON_EMPTY)
   String source() {
      return id.source();
   }

   @JsonProperty("pool")
   int pool() {
      return id.pool();
   }

   /** The baseline's value, its change and the change's interval: absent for a fixed limit. */
   @JsonProperty("baseline")
   @JsonInclude(JsonInclude.Include.NON_NULL)
   Double baseline() {
      return against == null ? null : against.baseline();
   }

   @JsonProperty("changePct")
   @JsonInclude(JsonInclude.Include.NON_NULL)
   Double changePctWritten() {
      return against == null ? null : against.changePct();
   }

   @JsonProperty("changeCi95Pct")
   @JsonInclude(JsonInclude.Include.NON_NULL)
   List<Double> changeCi95Pct() {
      return against == null ? null : against.changeCi95Pct();
   }

   static GateResult limit(StepResult step, String gate, double measured, Bound bound, double limit) {
      GateVerdict verdict = bound.passes(measured, limit) ? GateVerdict.PASSED : GateVerdict.FAILED;
      return new GateResult(step.id().anyPass(), gate, measured, bound, limit, null, verdict.passes(), verdict);
   }

   static GateResult compared(StepId id, String gate, Bound bound, double limit, StepChange change,
                              GateVerdict verdict) {
      double[] ci = change.changePctInterval();
      Against against = new Against(change.baseline(), Rounded.orNull(pct(change.now(), change.baseline()), 1),
            Double.isNaN(ci[0]) ? null : List.of(Rounded.to(ci[0], 1), Rounded.to(ci[1], 1)));
      return new GateResult(id.anyPass(), gate, change.now(), bound, limit, against, verdict.passes(), verdict);
   }

   /** The step as reports name it, such as {@code wait pool=08}. */
   public String step() {
      return id.label();
   }

   /** The baseline's value the limit was derived from, NaN for a fixed limit. */
   public double reference() {
      return against == null ? Double.NaN : against.baseline();
   }

   /** The change against the baseline in percent, NaN without one. */
   public double changePct() {
      return pct(measured, reference());
   }

   private static double pct(double measured, double reference) {
      return Double.isNaN(reference) || reference == 0 || Double.isNaN(measured)
            ? Double.NaN : 100.0 * (measured - reference) / reference;
   }

   @JsonProperty("allowed")
   public String allowed() {
      return bound.keeps() + " " + NumberText.trimmed(limit);
   }

   /**
    * One line saying what was measured against what was allowed, such as
    * {@code wait pool=1: p99AcquireMs 812.3 > 100}.
    */
   public String line() {
      if (Double.isNaN(measured)) {
         return step() + ": " + gate + " not measured (no operation in the window), allowed " + allowed();
      }
      String against = Double.isNaN(reference()) ? ""
            : " (baseline " + NumberText.trimmed(reference()) + ", " + NumberText.signedPercent(changePct()) + ")";
      return step() + ": " + gate + " " + NumberText.trimmed(measured) + " "
            + (bound.passes(measured, limit) ? bound.keeps() : bound.breaks()) + " " + NumberText.trimmed(limit)
            + against;
   }

   /** The 95% interval of the change as tables show it, such as {@code -12.0% to +3.5%}; empty when unknown. */
   public String changeInterval() {
      List<Double> ci = changeCi95Pct();
      return ci == null ? "" : NumberText.signedPercent(ci.get(0)) + " to " + NumberText.signedPercent(ci.get(1));
   }

   public Map<String, Object> toMap() {
      return Json.toMap(this);
   }

   /** A gate as {@link #toMap} wrote it into {@code summary.json}, its pool padded to {@code width} digits. */
   public static GateResult fromMap(Map<String, Object> m, int width) {
      GateResult read = Json.as(m, GateResult.class);
      StepId id = read.id;
      return new GateResult(new StepId(id.workload(), id.source(), id.pool(), 1, 1, width), read.gate(),
            read.measured(), read.bound(), read.limit(), read.against(), read.passed(), read.verdict());
   }
}
