package jdbcpoollab.report;

import jdbcpoollab.analysis.Answer;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.analysis.Standing;
import jdbcpoollab.measure.MachineCpu;
import jdbcpoollab.measure.StepResult;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

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

   /**
    * The sentence a sweep's closing summary, summary.md and page begin with when other work disturbed steps: how busy
    * the machine was over those steps, whether each answer stands without them ({@link Standing}), and what to run
    * for a settled one; null when no step was disturbed.
    *
    * @param auto the sweep searched for its pools ({@code -Dpools=auto}), which {@code -Drepeat} cannot
    */
   static String busy(List<StepResult> steps, List<Sizing> sizings, boolean auto) {
      List<MachineCpu> hit = steps.stream().map(r -> r.resources().machine()).filter(MachineCpu::disturbed).toList();
      if (hit.isEmpty()) {
         return null;
      }
      double highest = hit.stream().mapToDouble(m -> m.othersShare() + m.stealShare()).max().orElseThrow();
      int passes = sizings.stream().flatMap(z -> z.pools().stream()).mapToInt(p -> p.steps().size()).max().orElse(1);
      String standing = sizings.stream().filter(z -> z.choice().pick() != null).map(DisturbedText::standing)
            .collect(Collectors.joining("; "));
      double steal = max(hit, MachineCpu::stealShare);
      String stole = steal < 0.005 ? " and no steal" : " and steal " + sharePercent(median(hit, MachineCpu::stealShare))
            + " (at most " + sharePercent(steal) + ")";
      return String.format(Locale.ROOT, "Other work kept the machine busy: %d of %d steps were disturbed, other"
                  + " processes taking a median %s of the machine (at most %s)%s, more than the %s allowed"
                  + " (-Ddisturbed.maxPct)%s; for a settled answer run again on a quieter machine%s,"
                  + " or, accepting this noise, with -Ddisturbed.maxPct=%d.", hit.size(), steps.size(),
            sharePercent(median(hit, MachineCpu::othersShare)), sharePercent(max(hit, MachineCpu::othersShare)),
            stole, pct(hit.get(0).maxPct()), standing.isEmpty() ? "" : "; " + standing,
            auto ? "" : ", or with -Drepeat=" + (passes < 3 ? 3 : passes + 2),
            (int) Math.min(100, 5 * Math.ceil((100 * highest + 1) / 5)));
   }

   /** Whether a workload's answer stands without its disturbed steps, and why. */
   private static String standing(Sizing sizing) {
      Standing s = Standing.of(sizing);
      String pick = sizing.workload() + ": pool " + s.pick();
      // not "the steps it rests on": the headline counts every disturbed step of the workload as such
      return !s.touched() ? pick + " stands, none of its steps" + (s.best().equals(s.pick()) ? ""
            : " nor of the best pool " + s.best() + "'s") + " disturbed"
            : s.stands() ? pick + " stands, the undisturbed steps alone picking it too"
            : !s.quiet() ? pick + " cannot be checked, every step of pool " + s.pick() + " disturbed"
            : s.without() == null ? pick + " may not stand, no undisturbed step left to check it"
            : pick + " may not stand, the undisturbed steps alone picking pool " + s.without();
   }

   private static double median(List<MachineCpu> steps, ToDoubleFunction<MachineCpu> share) {
      double[] sorted = steps.stream().mapToDouble(share).sorted().toArray();
      int mid = sorted.length / 2;
      return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
   }

   private static double max(List<MachineCpu> steps, ToDoubleFunction<MachineCpu> share) {
      return steps.stream().mapToDouble(share).max().orElse(Double.NaN);
   }

   /** A percentage of 0..100 without needless decimals. */
   private static String pct(double pct) {
      return String.format(Locale.ROOT, pct == Math.rint(pct) ? "%.0f%%" : "%.1f%%", pct);
   }
}
