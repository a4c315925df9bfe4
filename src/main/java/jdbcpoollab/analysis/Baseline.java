package jdbcpoollab.analysis;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An earlier run (its {@code summary.json}) that a new run is held against, step by step: a step fails when its
 * throughput dropped, or its total P99 rose, by more than the tolerance. Steps that only one of the two runs has are
 * not compared; the baseline's incomplete steps neither.
 */
public final class Baseline {
   public static final String THROUGHPUT = "baselineThroughput";
   public static final String P99_TOTAL = "baselineP99TotalMs";

   private final String source;
   private final double tolerancePct;
   private final Map<StepId, Reference> steps;

   private record Reference(double throughput, double p99TotalMs) {
   }

   private Baseline(String source, double tolerancePct, Map<StepId, Reference> steps) {
      this.source = source;
      this.tolerancePct = tolerancePct;
      this.steps = steps;
   }

   /** @throws IllegalArgumentException saying why the file is not a run summary */
   public static Baseline read(Path file, double tolerancePct) {
      if (!Files.isRegularFile(file)) {
         throw new IllegalArgumentException("no such file");
      }
      Map<String, Object> summary;
      try {
         summary = Json.read(file);
      } catch (UncheckedIOException e) {
         throw new IllegalArgumentException("not a JSON object");
      }
      return of(file.toString(), summary, tolerancePct);
   }

   /** @throws IllegalArgumentException saying why the map is not a run summary */
   public static Baseline of(String source, Map<String, Object> summary, double tolerancePct) {
      if (summary == null || !(summary.get("steps") instanceof List<?> list) || list.isEmpty()) {
         throw new IllegalArgumentException("it has no steps");
      }
      Map<StepId, Reference> steps = new LinkedHashMap<>();
      for (Object entry : list) {
         if (!(entry instanceof Map<?, ?> step) || !(step.get("workload") instanceof String workload)
               || !(step.get("pool") instanceof Number pool) || !(step.get("throughput") instanceof Number throughput)
               || !(step.get("total") instanceof Map<?, ?> total) || !(total.get("p99") instanceof Number p99)) {
            throw new IllegalArgumentException("a step lacks workload, pool, throughput or total.p99");
         }
         if (!Boolean.FALSE.equals(step.get("complete"))) {
            steps.put(StepId.of(workload, pool.intValue()),
                  new Reference(throughput.doubleValue(), p99.doubleValue()));
         }
      }
      return new Baseline(source, tolerancePct, steps);
   }

   /** The step's two baseline gates, or none when the baseline has no such step. */
   public List<GateResult> check(StepResult step) {
      Reference ref = steps.get(step.id().key());
      List<GateResult> results = new ArrayList<>();
      if (ref != null) {
         double share = tolerancePct / 100.0;
         double throughput = step.counts().seconds() == 0 ? Double.NaN : step.counts().throughput();
         double p99 = step.times().total().count() == 0 ? Double.NaN : step.times().total().p99();
         results.add(GateResult.of(step, THROUGHPUT, throughput, Bound.AT_LEAST,
               ref.throughput() * (1 - share), ref.throughput()));
         results.add(GateResult.of(step, P99_TOTAL, p99, Bound.AT_MOST,
               ref.p99TotalMs() * (1 + share), ref.p99TotalMs()));
      }
      return results;
   }

   public String source() {
      return source;
   }

   public double tolerancePct() {
      return tolerancePct;
   }
}
