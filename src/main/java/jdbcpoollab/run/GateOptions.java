package jdbcpoollab.run;

import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.Gate;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.options.Options;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The gates every step of a run must pass: limits from {@code -Dassert.*} and a baseline run from
 * {@code -Dbaseline}. None unless asked for.
 *
 * @param baseline the earlier run to compare with, or null
 */
public record GateOptions(List<Gate> limits, Baseline baseline) {

   public static GateOptions from(Options o) {
      List<Gate> limits = new ArrayList<>();
      limit(o, "assert.p99AcquireMs", 86_400_000, Gate::p99AcquireMs, limits);
      limit(o, "assert.p99TotalMs", 86_400_000, Gate::p99TotalMs, limits);
      limit(o, "assert.minThroughput", 100_000_000, Gate::minThroughput, limits);
      if (o.string("assert.maxKoPercent", null) != null) {
         limits.add(Gate.maxKoPercent(o.decimal("assert.maxKoPercent", 0, 0, 100, false)));
      }
      double tolerancePct = o.decimal("assert.tolerancePct", 20, 0, 1_000, false);
      String file = o.string("baseline", null);
      if (file == null && o.given("assert.tolerancePct") != null) {
         throw Options.bad("assert.tolerancePct", o.given("assert.tolerancePct"), "only with -Dbaseline, the run "
               + "whose numbers it bounds");
      }
      Baseline baseline = null;
      if (file != null) {
         try {
            baseline = Baseline.read(Path.of(file), tolerancePct);
         } catch (IllegalArgumentException e) {
            throw Options.bad("baseline", file, "the summary.json of an earlier run (" + e.getMessage() + ")");
         }
      }
      return new GateOptions(List.copyOf(limits), baseline);
   }

   private static void limit(Options o, String name, double max, DoubleFunction<Gate> gate, List<Gate> limits) {
      if (o.string(name, null) != null) {
         limits.add(gate.apply(o.decimal(name, 0, 0, max, true)));
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
         parts.add("baseline " + baseline.source() + " (tolerance " + NumberText.trimmed(baseline.tolerancePct()) + "%)");
      }
      return String.join(", ", parts);
   }
}
