package jdbcpoollab.analysis;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepResult;
import org.apache.commons.math3.stat.StatUtils;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * An earlier run (its {@code summary.json}) that a new run is held against, step by step, on its throughput and its
 * total P99: each comparison is held, regressed or inconclusive ({@link StepChange#verdict}), from the two runs'
 * 95% intervals. A step with two or more passes in both runs has the intervals of its passes; otherwise the noise of
 * a comparison is the spread of the log ratios now / baseline over the comparable one-pass steps of its series (its
 * workload and source), since what varies between two runs (the machine's other work, the server's caches, the JIT)
 * is what a comparison must tell a change from, and one step's own 100 ms samples do not see it. Series differ in
 * that noise (a CPU-bound workload on a small machine spreads far more than one that waits) and a change may slow
 * one series only, so each is judged by its own spread and degrees of freedom; a series of fewer than two one-pass
 * steps has no spread, and takes the run's, over every one-pass step of the measure. Steps that only one of the two
 * runs has are not compared; the baseline's incomplete steps neither.
 */
public final class Baseline {
   public static final String THROUGHPUT = "baselineThroughput";
   public static final String P99_TOTAL = "baselineP99TotalMs";

   private final String source;
   private final double tolerancePct;
   private final Map<StepId, List<Reference>> steps;
   /** The baseline's simulation, its users (null when its settings have none) and the runs it was merged from. */
   private String simulation;
   private Integer users;
   private int mergedFrom;

   /** One pass of a step of the baseline. */
   private record Reference(double throughput, double p99TotalMs) {
   }

   /** The steps of a sweep that share their noise: one workload of one source. */
   private record Series(String workload, String source) {
      static Series of(StepId step) {
         return new Series(step.workload(), step.source());
      }
   }

   /**
    * The spread of one measure's one-pass comparisons, as {standard deviation of the log ratios, degrees of freedom}:
    * each series' own, and the run's for a series that has none.
    */
   private record Noise(Map<Series, double[]> series, double[] run) {
      double[] of(StepId step) {
         return series.getOrDefault(Series.of(step), run);
      }
   }

   /** A measure the baseline gates compare, its side and how it is read from each run. */
   private enum Measure {
      THROUGHPUT(Baseline.THROUGHPUT, Bound.AT_LEAST, Reference::throughput,
            s -> s.counts().seconds() == 0 ? Double.NaN : s.counts().throughput()),
      P99_TOTAL(Baseline.P99_TOTAL, Bound.AT_MOST, Reference::p99TotalMs,
            s -> s.times().total().count() == 0 ? Double.NaN : s.times().total().p99());

      private final String gate;
      private final Bound bound;
      private final ToDoubleFunction<Reference> before;
      private final ToDoubleFunction<StepResult> now;

      Measure(String gate, Bound bound, ToDoubleFunction<Reference> before, ToDoubleFunction<StepResult> now) {
         this.gate = gate;
         this.bound = bound;
         this.before = before;
         this.now = now;
      }
   }

   private Baseline(String source, double tolerancePct, Map<StepId, List<Reference>> steps) {
      this.source = source;
      this.tolerancePct = tolerancePct;
      this.steps = steps;
   }

   /**
    * The baseline in {@code file}: a run's summary.json, or its run folder.
    *
    * @throws IllegalArgumentException saying why the file is not a run summary
    */
   public static Baseline read(Path file, double tolerancePct) {
      if (Files.isDirectory(file)) {
         if (!Files.isRegularFile(file.resolve("summary.json"))) {
            throw new IllegalArgumentException("a folder without summary.json: not a run folder");
         }
         return read(file.resolve("summary.json"), tolerancePct);
      }
      if (!Files.isRegularFile(file)) {
         throw new IllegalArgumentException("no such file or folder");
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
      Map<StepId, List<Reference>> steps = new LinkedHashMap<>();
      for (Object entry : list) {
         if (!(entry instanceof Map<?, ?> step) || !(step.get("workload") instanceof String workload)
               || !(step.get("pool") instanceof Number pool) || !(step.get("throughput") instanceof Number throughput)
               || !(step.get("total") instanceof Map<?, ?> total) || !(total.get("p99") instanceof Number p99)) {
            throw new IllegalArgumentException("a step lacks workload, pool, throughput or total.p99");
         }
         if (!Boolean.FALSE.equals(step.get("complete"))) {
            String library = step.get("source") instanceof String s ? s : "";
            steps.computeIfAbsent(new StepId(workload, library, pool.intValue(), 1, 1, 1), k -> new ArrayList<>())
                  .add(new Reference(throughput.doubleValue(), p99.doubleValue()));
         }
      }
      Baseline baseline = new Baseline(source, tolerancePct, steps);
      baseline.simulation = summary.get("simulation") instanceof String name ? name : null;
      if (summary.get("settings") instanceof Map<?, ?> settings) {
         baseline.users = settings.get("users") instanceof Number n ? n.intValue() : null;
         baseline.mergedFrom = settings.get("mergedFrom") instanceof List<?> runs ? runs.size() : 0;
      }
      return baseline;
   }

   /**
    * Why this run cannot be held to the baseline, or null: the baseline is another simulation's, or was made with
    * other users (a step's throughput and P99 depend on them; a merged run's users are all its generators').
    *
    * @param settings this run's settings, as its summary.json holds them
    */
   public String unlike(String runSimulation, Map<String, Object> settings) {
      if (simulation != null && !simulation.equals(runSimulation)) {
         return "it is a " + simulation + " run, and a " + runSimulation + " run is compared with a " + runSimulation
               + " run";
      }
      if (users != null && settings.get("users") instanceof Number now && now.intValue() != users) {
         return "it was made with " + users + " users" + (mergedFrom > 0 ? " in all (merged from " + mergedFrom
               + " runs)" : "") + " and this run has " + now.intValue() + ": a step's throughput and P99 depend on "
               + "its users, so compare runs of the same users";
      }
      return null;
   }

   /** The baseline's steps that a comparison reads, as their names ({@code wait pool=8}). */
   public List<String> stepNames() {
      return steps.keySet().stream().map(StepId::name).toList();
   }

   /**
    * The baseline gates of a run's steps, two per step the baseline has (its passes taken together), in the order
    * the steps first ended. A step's incomplete passes count only when it has no complete one.
    */
   public List<GateResult> compare(List<StepResult> run) {
      Map<StepId, List<StepResult>> passes = new LinkedHashMap<>();
      for (StepResult step : run) {
         if (steps.containsKey(step.id().key())) {
            passes.computeIfAbsent(step.id().key(), k -> new ArrayList<>()).add(step);
         }
      }
      passes.replaceAll((key, all) -> all.stream().anyMatch(s -> s.outcome().complete())
            ? all.stream().filter(s -> s.outcome().complete()).toList() : all);
      List<GateResult> results = new ArrayList<>();
      Map<Measure, Noise> noise = new LinkedHashMap<>();
      for (Measure m : Measure.values()) {
         noise.put(m, noise(m, passes));
      }
      passes.forEach((key, now) -> {
         for (Measure m : Measure.values()) {
            double[] before = steps.get(key).stream().mapToDouble(m.before).toArray();
            double[] values = now.stream().mapToDouble(m.now).toArray();
            double[] spread = noise.get(m).of(key);
            StepChange change = before.length > 1 && values.length > 1 && finite(values)
                  ? StepChange.ofPasses(before, values)
                  : StepChange.ofSpread(StatUtils.mean(before), StatUtils.mean(values), spread[0], (int) spread[1]);
            double share = tolerancePct / 100.0;
            double limit = change.baseline() * (m.bound == Bound.AT_LEAST ? 1 - share : 1 + share);
            results.add(GateResult.compared(now.get(0).id(), m.gate, m.bound, limit, change,
                  change.verdict(m.bound, tolerancePct)));
         }
      });
      return results;
   }

   /**
    * The noise of a measure's comparisons on one pass: the log ratios now / baseline of the steps compared on one
    * pass, their spread taken within each series and over the whole run.
    */
   private Noise noise(Measure m, Map<StepId, List<StepResult>> passes) {
      Map<Series, List<Double>> bySeries = new LinkedHashMap<>();
      List<Double> all = new ArrayList<>();
      passes.forEach((key, now) -> {
         double[] before = steps.get(key).stream().mapToDouble(m.before).toArray();
         double[] values = now.stream().mapToDouble(m.now).toArray();
         double ratio = StatUtils.mean(values) / StatUtils.mean(before);
         if ((before.length < 2 || values.length < 2) && ratio > 0 && Double.isFinite(ratio)) {
            bySeries.computeIfAbsent(Series.of(key), k -> new ArrayList<>()).add(Math.log(ratio));
            all.add(Math.log(ratio));
         }
      });
      double[] run = spread(all);
      Map<Series, double[]> series = new LinkedHashMap<>();
      bySeries.forEach((s, logs) -> series.put(s, logs.size() < 2 ? run : spread(logs)));
      return new Noise(series, run);
   }

   /**
    * The standard deviation of these log ratios around their mean, and its degrees of freedom (the ratios less one);
    * {NaN, 0} with fewer than two.
    */
   private static double[] spread(List<Double> logs) {
      if (logs.size() < 2) {
         return new double[] {Double.NaN, 0};
      }
      double[] values = logs.stream().mapToDouble(Double::doubleValue).toArray();
      return new double[] {Math.sqrt(StatUtils.variance(values)), values.length - 1};
   }

   private static boolean finite(double[] values) {
      for (double v : values) {
         if (!Double.isFinite(v)) {
            return false;
         }
      }
      return true;
   }

   public String source() {
      return source;
   }

   public double tolerancePct() {
      return tolerancePct;
   }
}
