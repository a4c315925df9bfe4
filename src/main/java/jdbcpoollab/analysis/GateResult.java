package jdbcpoollab.analysis;

import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One gate checked on one step.
 *
 * @param id        which step, whatever its pass
 * @param measured  the step's value, NaN when it measured nothing for this gate
 * @param limit     the value the gate allows, itself included
 * @param reference the baseline's value the limit was derived from, NaN for a fixed limit
 */
public record GateResult(StepId id, String gate, double measured, Bound bound, double limit,
                         double reference, boolean passed) {

   static GateResult of(StepResult step, String gate, double measured, Bound bound, double limit,
                        double reference) {
      return new GateResult(step.id().anyPass(), gate, measured, bound, limit, reference,
            bound.passes(measured, limit));
   }

   /** The step as reports name it, such as {@code wait pool=08}. */
   public String step() {
      return id.label();
   }

   /** The change against the baseline in percent, NaN without one. */
   public double changePct() {
      return Double.isNaN(reference) || reference == 0 || Double.isNaN(measured)
            ? Double.NaN : 100.0 * (measured - reference) / reference;
   }

   public String allowed() {
      return bound.keeps() + " " + NumberText.trimmed(limit);
   }

   /** One line saying what was measured against what was allowed, such as {@code wait pool=1: p99AcquireMs 812.3 > 100}. */
   public String verdict() {
      if (Double.isNaN(measured)) {
         return step() + ": " + gate + " not measured (no operation in the window), allowed " + allowed();
      }
      String against = Double.isNaN(reference) ? ""
            : " (baseline " + NumberText.trimmed(reference) + ", " + NumberText.signedPercent(changePct()) + ")";
      return step() + ": " + gate + " " + NumberText.trimmed(measured) + " "
            + (passed ? bound.keeps() : bound.breaks()) + " " + NumberText.trimmed(limit) + against;
   }

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("workload", id.workload());
      if (!id.source().isEmpty()) {
         m.put("source", id.source());
      }
      m.put("pool", id.pool());
      m.put("gate", gate);
      m.put("bound", bound.name());
      m.put("measured", Double.isNaN(measured) ? null : measured);
      m.put("allowed", allowed());
      m.put("limit", limit);
      if (!Double.isNaN(reference)) {
         m.put("baseline", reference);
         m.put("changePct", Double.isNaN(changePct()) ? null : Rounded.to(changePct(), 1));
      }
      m.put("passed", passed);
      return m;
   }

   /** A gate as {@link #toMap} wrote it into {@code summary.json}, its pool padded to {@code width} digits. */
   public static GateResult fromMap(Map<String, Object> m, int width) {
      StepId id = new StepId((String) m.get("workload"), (String) m.get("source"), ((Number) m.get("pool")).intValue(),
            1, 1, width);
      return new GateResult(id, (String) m.get("gate"),
            orNaN(m.get("measured")), Bound.valueOf((String) m.get("bound")), orNaN(m.get("limit")),
            orNaN(m.get("baseline")), Boolean.TRUE.equals(m.get("passed")));
   }

   private static double orNaN(Object value) {
      return value instanceof Number n ? n.doubleValue() : Double.NaN;
   }
}
