package jdbcpoollab.runoptions;

import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.Gate;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * The gates every step of a run must pass: limits from {@code -Dassert.*} and a baseline run from
 * {@code -Dbaseline}. None unless asked for.
 *
 * @param baseline the earlier run to compare with, or null
 */
public record GateOptions(List<Gate> limits, Baseline baseline) {

   /** The gates' options. */
   static final List<Option<?>> DECLARED = List.of(Declared.ASSERT_P99_ACQUIRE_MS, Declared.ASSERT_P99_TOTAL_MS,
         Declared.ASSERT_MIN_THROUGHPUT, Declared.ASSERT_MAX_KO_PERCENT, Declared.ASSERT_TOLERANCE_PCT,
         Declared.BASELINE);

   public static GateOptions from(Options o) {
      List<Gate> limits = new ArrayList<>();
      limit(o, Declared.ASSERT_P99_ACQUIRE_MS, Gate::p99AcquireMs, limits);
      limit(o, Declared.ASSERT_P99_TOTAL_MS, Gate::p99TotalMs, limits);
      limit(o, Declared.ASSERT_MIN_THROUGHPUT, Gate::minThroughput, limits);
      if (o.raw(Declared.ASSERT_MAX_KO_PERCENT) != null) {
         limits.add(Gate.maxKoPercent(o.read(Declared.ASSERT_MAX_KO_PERCENT)));
      }
      double tolerancePct = o.read(Declared.ASSERT_TOLERANCE_PCT);
      String file = o.read(Declared.BASELINE);
      if (file == null && o.given(Declared.ASSERT_TOLERANCE_PCT) != null) {
         throw Options.bad(Declared.ASSERT_TOLERANCE_PCT, o.given(Declared.ASSERT_TOLERANCE_PCT),
               "only with -Dbaseline, the run whose numbers it bounds");
      }
      Baseline baseline = null;
      if (file != null) {
         try {
            baseline = Baseline.read(Path.of(file), tolerancePct);
         } catch (IllegalArgumentException e) {
            throw Options.bad(Declared.BASELINE, file, "the summary.json of an earlier run, or its run folder ("
                  + e.getMessage() + ")");
         }
      }
      return new GateOptions(List.copyOf(limits), baseline);
   }

   /**
    * These gates, once the baseline is known to fit the run: of its simulation and made with its users.
    *
    * @param settings the run's settings, as its summary.json holds them
    */
   public GateOptions fitting(String simulation, Map<String, Object> settings) {
      String unlike = baseline == null ? null : baseline.unlike(simulation, settings);
      if (unlike != null) {
         throw Options.bad(Declared.BASELINE, baseline.source(), "a run this one can be compared with: " + unlike);
      }
      return this;
   }

   private static void limit(Options o, Option<Double> limit, DoubleFunction<Gate> gate, List<Gate> limits) {
      if (o.raw(limit) != null) {
         limits.add(gate.apply(o.read(limit)));
      }
   }

   public boolean any() {
      return !limits.isEmpty() || baseline != null;
   }

   /** How the gates read in the run's settings, such as {@code p99AcquireMs ≤ 100, minThroughput ≥ 50}. */
   public String describe() {
      List<String> parts = new ArrayList<>();
      limits.forEach(g -> parts.add(g.name() + " " + g.bound().keeps() + " " + NumberText.trimmed(g.limit())));
      if (baseline != null) {
         parts.add("baseline " + baseline.source() + " (tolerance " + NumberText.trimmed(baseline.tolerancePct())
               + "%)");
      }
      return String.join(", ", parts);
   }
}
