package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sentences a sweep's closing summary on the console, its summary.md and its page begin with: what a quick look
 * skipped, its answer provisional, and how busy other work kept the machine ({@link DisturbedText#busy}).
 */
final class FirstLines {
   private FirstLines() {
   }

   /**
    * @param provisional why the answers are provisional (a quick look's); null when they are not
    * @param steps       every step as summary.json holds it
    * @param auto        the sweep searched for its pools ({@code -Dpools=auto})
    */
   static List<String> of(String provisional, List<StepResult> steps, List<Sizing> sizings, boolean auto) {
      List<String> lines = new ArrayList<>();
      if (provisional != null) {
         lines.add(provisional.substring(0, 1).toUpperCase(Locale.ROOT) + provisional.substring(1) + ".");
      }
      String busy = DisturbedText.busy(steps, sizings, auto);
      if (busy != null) {
         lines.add(busy);
      }
      return lines;
   }

   /** The same for a run read back, when it is a sweep with answers of its own (not a merged run's). */
   static List<String> of(SweepRun run, List<Sizing> sizings) {
      if (!Answers.settles(run.summary())) {
         return List.of();
      }
      return of(Answers.provisional(run.summary()), run.steps(), sizings, run.sweepSettings().pools().isEmpty());
   }
}
