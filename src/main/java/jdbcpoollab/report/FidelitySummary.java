package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;

import java.util.Map;

/**
 * Fidelity's results: its steps as a sweep's summaries show them, and no page of its own, since its steps are
 * contenders at each pool size rather than one sweep.
 */
public final class FidelitySummary implements Summary {
   private final SweepSummary steps;

   /** @param context what the steps' tables size them against */
   public FidelitySummary(Sizing.Context context) {
      steps = new SweepSummary(context);
   }

   /** Adds a finished step; returns its progress line. */
   public String add(String name, StepResult r) {
      return steps.add(name, r);
   }

   @Override
   public Map<String, Object> json() {
      return steps.json();
   }

   @Override
   public Table csv() {
      return steps.csv();
   }

   @Override
   public String tables(boolean markdown) {
      return steps.tables(markdown);
   }

   @Override
   public Map<String, Long> failures() {
      return steps.failures();
   }

   @Override
   public boolean complete() {
      return steps.complete();
   }
}
