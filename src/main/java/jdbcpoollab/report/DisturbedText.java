package jdbcpoollab.report;

import jdbcpoollab.analysis.Answer;
import jdbcpoollab.measure.MachineCpu;
import jdbcpoollab.measure.StepResult;

import java.util.List;
import java.util.Locale;

import static jdbcpoollab.analysis.NumberText.sharePercent;

/** What the reports say of the machine's CPU during a step, and of an answer that rests on disturbed steps. */
final class DisturbedText {
   /** What a disturbed step measured beyond the pool. */
   static final String MEANING = "a larger pool winning CPU from the other work is contention for the machine, not"
         + " the database's own knee";

   private DisturbedText() {
   }

   /** A disturbed step's figures, such as {@code disturbed: other processes 23% of the machine (0.46 cores), …}. */
   static String figures(MachineCpu m) {
      return String.format(Locale.ROOT, "disturbed: other processes %s of the machine (%.2f cores) and steal %s"
                  + " (%.2f cores), more than the %s allowed (-Ddisturbed.maxPct)",
            sharePercent(m.othersShare()), m.othersCores(), sharePercent(m.stealShare()), m.stealCores(),
            pct(m.maxPct()));
   }

   /** The console line's end for a step: its figures when disturbed, nothing otherwise. */
   static String console(StepResult r) {
      MachineCpu m = r.resources().machine();
      return m.disturbed() ? "; " + figures(m) : "";
   }

   /** A step's line under its table: its label and figures; null when it was not disturbed. */
   static String step(StepResult r) {
      MachineCpu m = r.resources().machine();
      return m.disturbed() ? r.label() + ": " + figures(m) : null;
   }

   /** The sentence of the recommendation's reasoning when it rests on disturbed steps; empty when it does not. */
   static List<String> answer(Answer answer) {
      if (!answer.restsOnDisturbed()) {
         return List.of();
      }
      return List.of("The recommendation rests on steps other work on the machine disturbed ("
            + String.join(", ", answer.disturbed()) + "): " + MEANING + ". Measure again on a quieter machine, or"
            + " with -Drepeat, before taking it.");
   }

   /** A percentage of 0..100 without needless decimals. */
   private static String pct(double pct) {
      return String.format(Locale.ROOT, pct == Math.rint(pct) ? "%.0f%%" : "%.1f%%", pct);
   }
}
