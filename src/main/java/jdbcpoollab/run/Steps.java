package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.GateVerdict;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.results.RunRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps of a run as they start and end: how many, their lines, the gates checked on each, where the wall time
 * went and which Gatling report they are in. Not thread-safe: the {@link Lab} calls it under its lock.
 */
final class Steps {
   private final String simulation;
   private final RunGates gates;
   private final Console console;
   private final RunRecord record;
   private final WallTime wallTime = new WallTime();
   private final List<StepResult> gated = new ArrayList<>();
   private final long startedAt = System.currentTimeMillis();
   private int planned;
   private int started;
   private int finished;
   private double warmupPerStep;
   /** The folder Gatling writes this run's report to, as seen while it writes its log; null until then. */
   private Path gatlingFolder;

   Steps(String simulation, RunGates gates, Console console, RunRecord record) {
      this.simulation = simulation;
      this.gates = gates;
      this.console = console;
      this.record = record;
   }

   void plan(int steps) {
      planned = steps;
   }

   void warmupPerStep(double seconds) {
      warmupPerStep = seconds;
   }

   /** Counts a step in and prints its first line; its source took {@code openNanos} to open just before now. */
   void started(String line, long openNanos) {
      started++;
      if (gatlingFolder == null) {
         gatlingFolder = GatlingReport.writing(simulation).orElse(null);
      }
      wallTime.stepStarted(openNanos);
      progress(line);
   }

   /** A line of the step under way. */
   void progress(String line) {
      console.step(started, planned, line);
   }

   /** A line of the database watch, which speaks for the step about to start, before it is counted. */
   void watchLine(String line) {
      console.step(started + 1, planned, line);
   }

   /** Prints the step's last line and rewrites the run's files. */
   void finished(String line) {
      finished++;
      wallTime.stepFinished(0, 0);
      progress(line);
      record.write();
   }

   /** As {@link #finished(String)}, for a step {@code label} that is incomplete, and why. */
   void finished(String line, String label, String whyIncomplete) {
      String why = console.redact(whyIncomplete);
      record.incomplete().put(label, why);
      finished(line + " (" + why + ")");
   }

   /**
    * As {@link #finished(String)}, for a step the gates check; returns their verdicts, for Gatling, with the
    * baseline's after the last planned step.
    */
   List<Outcome> finished(String line, StepResult step, String whyIncomplete) {
      gated.add(step);
      List<GateResult> checked = new ArrayList<>(gates.check(step));
      finished++;
      if (finished == planned) {
         checked.addAll(gates.compare(gated));
      }
      wallTime.stepFinished(step.counts().seconds(), warmupPerStep);
      if (!step.outcome().complete()) {
         String why = console.redact(whyIncomplete);
         record.incomplete().put(step.label(), why);
         line += " (" + why + ")";
      }
      progress(line);
      checked.stream().filter(g -> !g.passed()).forEach(g -> progress("gate FAILED: " + g.line()));
      checked.stream().filter(g -> g.verdict() == GateVerdict.INCONCLUSIVE).forEach(g -> progress(
            "baseline inconclusive: " + g.line() + (g.changeInterval().isEmpty() ? " (no measure of the noise)"
                  : " (95% interval of the change " + g.changeInterval() + ")")));
      record.write();
      List<Outcome> outcomes = new ArrayList<>(RunGates.requests(checked));
      if (finished == planned) {
         outcomes.addAll(gates.uncompared());
      }
      return outcomes;
   }

   List<Assertion> assertions() {
      return gates.assertions(planned);
   }

   /** The steps the gates checked, in the order they ended. */
   List<StepResult> gated() {
      return gated;
   }

   int planned() {
      return planned;
   }

   int finished() {
      return finished;
   }

   /** The gates and baseline section: Markdown (true) or console text (false). */
   String gatesReport(boolean markdown) {
      return gates.report(gated, markdown);
   }

   RunGates gates() {
      return gates;
   }

   WallTime wallTime() {
      return wallTime;
   }

   /** Gatling's report folder for this run: the one it was seen writing, else the newest since the run began. */
   Optional<Path> gatlingReport() {
      return gatlingFolder != null ? Optional.of(gatlingFolder) : GatlingReport.newest(simulation, startedAt);
   }
}
