package jdbcpoollab.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.Gate;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.GateVerdict;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.files.Json;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.report.GateTables;
import jdbcpoollab.report.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.details;
import jdbcpoollab.runoptions.GateOptions;

/**
 * The gates of one run: checks every finished step against the limits and the baseline, keeps the verdicts, and
 * states them to Gatling (as requests and assertions), to the console and to the summaries.
 */
public final class RunGates {
   /** A gate's verdict on a step is logged to Gatling as a request named {@code gate <name>}, OK or KO. */
   static final String REQUEST = "gate ";

   private final GateOptions options;
   private final List<GateResult> results = new ArrayList<>();
   /** The baseline gates, null until the steps were compared. */
   private List<GateResult> compared;

   RunGates(GateOptions options) {
      this.options = options;
   }

   boolean any() {
      return options.any();
   }

   String describe() {
      return options.describe();
   }

   /** The limits checked on a step that ended. */
   List<GateResult> check(StepResult step) {
      List<GateResult> checked = new ArrayList<>();
      options.limits().forEach(gate -> checked.add(gate.check(step)));
      results.addAll(checked);
      return checked;
   }

   /**
    * The run's steps compared with the baseline, every pass of each together, once: when the last planned step has
    * ended (so that Gatling logs the verdicts), or at the run's end when it was cut short. None without a baseline,
    * and none the second time.
    */
   List<GateResult> compare(List<StepResult> steps) {
      if (options.baseline() == null || compared != null) {
         return List.of();
      }
      compared = options.baseline().compare(steps);
      results.addAll(compared);
      return compared;
   }

   /**
    * When the steps were compared and none of them is in the baseline: one request per baseline gate, OK, as an
    * inconclusive comparison's is (the run's exit code 4 says it cannot tell), so that Gatling's assertion that a
    * baseline gate was logged agrees with the lab's verdict; none otherwise.
    */
   List<Outcome> uncompared() {
      long now = System.currentTimeMillis();
      return !uncomparable() ? List.of() : List.of(Baseline.THROUGHPUT, Baseline.P99_TOTAL).stream()
            .map(gate -> new Outcome(REQUEST + gate, now, now, null)).toList();
   }

   /** The verdicts as Gatling requests: OK, or KO with the verdict as the error message. */
   static List<Outcome> requests(List<GateResult> checked) {
      long now = System.currentTimeMillis();
      return checked.stream()
            .map(g -> new Outcome(REQUEST + g.gate(), now, now, g.passed() ? null : g.line()))
            .toList();
   }

   /**
    * The gates as Gatling assertions, so that Gatling exits with 2 when one failed. Every step logs one request per
    * limit gate: none may be KO and every planned step must have logged its own (at least: on Gatling Enterprise each
    * load generator logs its own). Baseline gates are logged for the steps the baseline has, once the last step has
    * ended: none may be KO (regressed; an inconclusive comparison is OK to Gatling and the run's exit code says it)
    * and at least one must have been logged (a baseline with no step of this run logs one OK each: {@link
    * #uncompared}).
    */
   List<Assertion> assertions(int plannedSteps) {
      List<Assertion> assertions = new ArrayList<>();
      for (Gate gate : options.limits()) {
         assertions.add(details(REQUEST + gate.name()).allRequests().count().gte((long) plannedSteps));
         assertions.add(details(REQUEST + gate.name()).failedRequests().count().is(0L));
      }
      if (options.baseline() != null) {
         for (String gate : List.of(Baseline.THROUGHPUT, Baseline.P99_TOTAL)) {
            assertions.add(details(REQUEST + gate).allRequests().count().gte(1L));
            assertions.add(details(REQUEST + gate).failedRequests().count().is(0L));
         }
      }
      return assertions;
   }

   /**
    * The gates' part of summary.json: every verdict when the run had gates, and the baseline it was held to.
    *
    * @param gates    absent without gates or a baseline
    * @param baseline absent without a baseline
    */
   record Written(@JsonInclude(JsonInclude.Include.NON_NULL) List<GateResult> gates,
                  @JsonInclude(JsonInclude.Include.NON_NULL) BaselineFile baseline) {
   }

   /** The earlier run's summary.json the steps were compared with, and the tolerance of the comparison. */
   record BaselineFile(String file, double tolerancePct) {
   }

   void addTo(Map<String, Object> summary) {
      Baseline baseline = options.baseline();
      summary.putAll(Json.toMap(new Written(options.any() ? List.copyOf(results) : null, baseline == null ? null
            : new BaselineFile(baseline.source(), baseline.tolerancePct()))));
   }

   /** The gates and the baseline diff, as Markdown or as console text. */
   String report(List<StepResult> steps, boolean markdown) {
      StringBuilder md = new StringBuilder();
      if (options.any()) {
         md.append("## Gates\n\n").append(describe()).append("\n\n");
         md.append(render(GateTables.gates(results), markdown)).append('\n');
      }
      Baseline baseline = options.baseline();
      if (baseline != null) {
         md.append("## Baseline\n\nCompared with ").append(baseline.source())
               .append(": each step's throughput and total p99 held, FAIL (regressed: worse by more than ")
               .append(NumberText.trimmed(baseline.tolerancePct()))
               .append("% with the two runs' 95% intervals apart) or inconclusive (the intervals cannot tell);"
                     + " the intervals come from each step's passes, or with one pass from the spread of the"
                     + " changes over the steps compared.\n\n");
         Table diff = GateTables.baselineDiff(results);
         md.append(this.compared == null ? "The steps are compared with the baseline when the last one has ended.\n"
               : diff.size() == 0 ? "No step of this run is in the baseline.\n" : render(diff, markdown));
         List<String> compared = results.stream().filter(g -> !Double.isNaN(g.reference()))
               .map(GateResult::step).toList();
         List<String> notCompared = steps.stream().map(StepResult::label)
               .filter(step -> !compared.contains(step)).toList();
         if (!notCompared.isEmpty()) {
            md.append("\nNot in the baseline, so not compared: ").append(String.join(", ", notCompared)).append(".\n");
         }
         md.append('\n');
      }
      return md.toString();
   }

   /** True when a step failed a gate, so that Gatling's assertions fail too. */
   boolean failed() {
      return results.stream().anyMatch(g -> !g.passed());
   }

   /** How many baseline comparisons could not tell held from regressed at the two runs' noise. */
   long inconclusive() {
      return results.stream().filter(g -> g.verdict() == GateVerdict.INCONCLUSIVE).count();
   }

   /** True when the steps were compared with the baseline and none of them is in it: nothing could be told. */
   boolean uncomparable() {
      return options.baseline() != null && compared != null && compared.isEmpty();
   }

   /** True when the baseline could not tell: a comparison inconclusive, or no step in common. */
   boolean cannotTell() {
      return inconclusive() > 0 || uncomparable();
   }

   /** The closing console line, or null without gates. */
   String verdict() {
      if (!options.any()) {
         return null;
      }
      long failed = results.stream().filter(g -> !g.passed()).count();
      if (uncomparable()) {
         return "jdbc-pool-lab: gates: the baseline " + options.baseline().source() + " cannot be compared: no step of "
               + "this run is in it (it has " + String.join(", ", options.baseline().stepNames()) + ")"
               + (failed == 0 ? " (exit code " + Exit.BASELINE_INCONCLUSIVE + ")"
               : "; " + failed + " of " + results.size() + " checks FAILED (Gatling exits with 2)");
      }
      String open = inconclusive() == 0 ? "" : ", " + inconclusive() + " of them inconclusive against the baseline"
            + (failed == 0 ? " (exit code " + Exit.BASELINE_INCONCLUSIVE + ")" : "");
      return failed == 0
            ? "jdbc-pool-lab: gates: all " + results.size() + " checks passed" + open
            : "jdbc-pool-lab: gates: " + failed + " of " + results.size() + " checks FAILED (Gatling exits with 2)"
            + open;
   }

   private static String render(Table table, boolean markdown) {
      return markdown ? table.markdown() : table.text();
   }
}
