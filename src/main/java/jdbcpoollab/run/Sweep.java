package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.TimelinePoint;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.report.TimelineFile;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PoolSweep's engine: its steps (each workload at each pool size, a pool of that size filled before load),
 * what happens as users enter and leave a step, and the run around them (summaries, gates, interrupts, budget).
 */
public final class Sweep {
   private final SweepOptions options;
   private final SweepSummary summary;
   private final Lab lab;
   private final List<Step> steps = new ArrayList<>();
   private final List<TimelinePoint> timeline = new ArrayList<>();
   private final PoolLibrary library = PoolLibraries.DEFAULT.named("hikari");

   private Sweep(Options system, SweepOptions options) {
      this.options = options;
      summary = new SweepSummary(new Sizing.Context(options.users(),
            options.databaseCores() == null ? 0 : options.databaseCores(), options.acquireP99Ms()));
      lab = new Lab("PoolSweep", system, options.target(), options.largestPool() + options.users() + 50, summary,
            options.settings(library));
      if (options.compare().size() == 2) {
         throw CompareOnly.write(options.compare());
      }
      // passes interleaved (every pool, then every pool again), so that drift hits every pool alike
      for (int pass = 1; pass <= options.repeat(); pass++) {
         for (Workload workload : options.workloads()) {
            for (int pool : options.pools()) {
               steps.add(step(workload, pool, pass));
            }
         }
      }
      lab.plan(steps.size(), () -> steps.forEach(step -> {
         step.stop();
         report(step, step.close(), null);
      }));
      lab.onInterrupt(() -> steps.forEach(step -> report(step, step.interrupt(), "interrupted")));
      lab.recoverWithin(Duration.ofMillis((long) (options.recoverSeconds() * 1000)));
      lab.warmupPerStep(options.warmup());
      options.compare().forEach(lab::compareWith);
   }

   /** Reads the sweep's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static Sweep fromSystem() {
      Options system = Options.fromSystem();
      return new Sweep(system, Exit.options(() -> SweepOptions.from(system)));
   }

   public SweepOptions options() {
      return options;
   }

   /** The steps in the order they run. */
   public List<Step> steps() {
      return List.copyOf(steps);
   }

   private Step step(Workload workload, int pool, int pass) {
      String name = String.format("%s pool=%0" + String.valueOf(options.largestPool()).length() + "d", workload.name(),
            pool) + (options.repeat() > 1 ? " #" + pass : "");
      StepRecorder recorder = new StepRecorder(workload.name(), pool, options.users(), Seconds.nanos(options.warmup()),
            Seconds.nanos(options.seconds()));
      recorder.repetition(pass);
      PoolShape shape = new PoolShape("lab-" + workload.name() + "-" + pool, pool, pool, options.connectionTimeoutMs());
      return new Step(workload, name, () -> library.open(lab.database(), shape), recorder);
   }

   /** Every user calls this as it arrives: the first one opens the step's pool while the others wait for it. */
   public void enter(Step step) {
      step.watch(lab.watch());
      step.sample(lab::serverActivity, Seconds.nanos(perStepSeconds()));
      if (step.enter()) {
         lab.stepStarted(step.openFailure() != null
               ? step.requestName() + ": pool did not open, step skipped: " + step.openFailure()
               : String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts", step.requestName(),
                     step.openNanos() / 1e6), step.openNanos());
      }
   }

   /** Every user calls this as it leaves: the last one closes the pool and reports the step; the gates' verdicts. */
   public List<Outcome> leave(Step step) {
      return step.leave(options.users()) ? report(step, step.close(), null) : List.of();
   }

   private List<Outcome> report(Step step, StepResult r, String why) {
      if (r == null) {
         return List.of();
      }
      String reason = why != null ? why
            : step.openFailure() != null ? "pool did not open: " + step.openFailure()
            : step.lostReason() != null ? step.lostReason() : "cut short";
      synchronized (timeline) {
         timeline.addAll(step.timeline());
         try {
            TimelineFile.write(lab.folder(), timeline);
         } catch (RuntimeException e) {
            lab.progress(TimelineFile.NAME + " could not be written: " + e.getMessage());
         }
      }
      return lab.stepFinished(summary.add(step.requestName(), r), r, reason);
   }

   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: every step's warm-up, window and two acquire timeouts, plus margins. */
   public Duration maxDuration() {
      return Duration.ofSeconds((long) (steps.size() * perStepSeconds()) + 60);
   }

   private double perStepSeconds() {
      return options.warmup() + options.seconds() + 2 * options.connectionTimeoutMs() / 1000.0 + 30;
   }

   /** Before the load: the database, the table the workloads need, and each statement tried once. */
   public void start() {
      int rows = options.tableRows();
      lab.start("big", (database, c) -> rows == 0 ? "not needed"
            : rows + " rows " + database.dialect().ensureBigTable(c, rows).name().toLowerCase(Locale.ROOT));
      options.workloads().forEach(lab::tryOnce);
   }

   public void finish() {
      lab.finish();
   }
}
