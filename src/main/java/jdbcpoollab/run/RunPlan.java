package jdbcpoollab.run;

import jdbcpoollab.report.Summary;
import jdbcpoollab.runoptions.CommonOptions;
import jdbcpoollab.settings.RunSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a run is, given whole to its {@link Lab} as the lab is built: written as
 * {@code RunPlan.of(…).steps(n, pools::endRun).onInterrupt(pools::interrupt)}.
 *
 * @param simulation          the simulation's name, as summary.json and the console give it
 * @param common              the options every simulation shares: the database target and the results folder among
 *                            them, and the embedded server's variables
 * @param maxConnections      the most connections the run opens at once, which the embedded server must take
 * @param summary             the simulation's summary, which every finished step adds to
 * @param settings            the simulation's settings record, written first under "settings" in summary.json
 * @param steps               how many steps the run has
 * @param closeUnfinished     run as the run ends: stops every step that has not ended (the run was cut short) and
 *                            reports what it measured with {@link Lab#stepFinished}
 * @param interruptUnfinished run when the JVM ends during the run (Ctrl-C, SIGTERM): reports what the step under way
 *                            measured so far, without waiting for it
 * @param recoverWithin       how long, after the database was lost, the next step waits for it to come back
 * @param warmupPerStep       the unmeasured warm-up each step spends, so the wall-time ratio can be given without it
 * @param baseline            the run the report page compares this one with; null for the previous run of the same
 *                            simulation
 */
public record RunPlan(String simulation, CommonOptions common, int maxConnections, Summary summary,
                      RunSettings settings, int steps, Runnable closeUnfinished, Runnable interruptUnfinished,
                      Duration recoverWithin, double warmupPerStep, Path baseline) {
   private static final Runnable NOTHING = () -> { };

   /** A run of no steps yet, recovering within 10 s, without warm-up or a baseline. */
   public static RunPlan of(String simulation, CommonOptions common, int maxConnections, Summary summary,
                            RunSettings settings) {
      return new RunPlan(simulation, common, maxConnections, summary, settings, 0, NOTHING, NOTHING,
            Duration.ofSeconds(10), 0, null);
   }

   public RunPlan steps(int count, Runnable closeThoseUnfinished) {
      return with(plan -> {
         plan.steps = count;
         plan.closeUnfinished = closeThoseUnfinished;
      });
   }

   public RunPlan onInterrupt(Runnable interruptThoseUnfinished) {
      return with(plan -> plan.interruptUnfinished = interruptThoseUnfinished);
   }

   /** {@code -DrecoverSeconds}, as the options give it. */
   public RunPlan recoverWithin(double seconds) {
      return with(plan -> plan.recoverWithin = Duration.ofMillis((long) (seconds * 1000)));
   }

   public RunPlan warmupPerStep(double seconds) {
      return with(plan -> plan.warmupPerStep = seconds);
   }

   /** The run of {@code runs} (none, or the one {@code -Dcompare} names) the page compares this one with. */
   public RunPlan compareWith(List<Path> runs) {
      return with(plan -> plan.baseline = runs.isEmpty() ? null : runs.get(runs.size() - 1));
   }

   /** This plan with {@code change} made to what is given after {@link #of}. */
   private RunPlan with(Consumer<Builder> change) {
      Builder plan = new Builder(this);
      change.accept(plan);
      return plan.build();
   }

   /** What is given after {@link #of}, copied from a plan to be changed. */
   private static final class Builder {
      private final RunPlan from;
      private int steps;
      private Runnable closeUnfinished;
      private Runnable interruptUnfinished;
      private Duration recoverWithin;
      private double warmupPerStep;
      private Path baseline;

      Builder(RunPlan from) {
         this.from = from;
         steps = from.steps;
         closeUnfinished = from.closeUnfinished;
         interruptUnfinished = from.interruptUnfinished;
         recoverWithin = from.recoverWithin;
         warmupPerStep = from.warmupPerStep;
         baseline = from.baseline;
      }

      RunPlan build() {
         return new RunPlan(from.simulation, from.common, from.maxConnections, from.summary, from.settings, steps,
               closeUnfinished, interruptUnfinished, recoverWithin, warmupPerStep, baseline);
      }
   }
}
