package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.Driver;
import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PoolSweep's engine: its steps (each workload at each pool size with each source and driver, a pool of that size
 * filled before load), what happens as users enter and leave a step, and the run around them (summaries, gates,
 * interrupts, budget). The sources of one pool size run one after the other, so that drift over the run touches all.
 */
public final class Sweep {
   private final SweepOptions options;
   private final SweepSummary summary;
   private final Lab lab;
   private final List<Step> steps = new ArrayList<>();
   /** The server's connection counter, read before each step's source opens and after it closes. */
   private final ServerStatus server;
   private final Map<Step, Series> series = new ConcurrentHashMap<>();

   private Sweep(Options system, SweepOptions options) {
      this.options = options;
      summary = new SweepSummary(new Sizing.Context(options.users(), Runtime.getRuntime().availableProcessors(),
            options.acquireP99Ms()));
      lab = new Lab("PoolSweep", system, options.target(), options.largestPool() + options.users() + 50, summary,
            options.settings());
      server = new ServerStatus(lab::database);
      if (options.compare().size() == 2) {
         throw CompareOnly.write(options.compare());
      }
      List<Driver> drivers = options.drivers().isEmpty() ? Arrays.asList((Driver) null) : options.drivers();
      for (Workload workload : options.workloads()) {
         for (int pool : options.pools()) {
            for (PoolLibrary source : options.sources()) {
               for (Driver driver : drivers) {
                  steps.add(step(workload, pool, source, driver));
               }
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

   private Step step(Workload workload, int pool, PoolLibrary source, Driver driver) {
      String label = !options.severalSources() ? ""
            : options.drivers().size() > 1 ? source.name() + "/" + driver.name() : source.name();
      String name = String.format("%s%s pool=%0" + String.valueOf(options.largestPool()).length() + "d",
            workload.name(), label.isEmpty() ? "" : " " + label, pool);
      StepRecorder recorder = new StepRecorder(workload.name(), pool, options.users(), Seconds.nanos(options.warmup()),
            Seconds.nanos(options.seconds()));
      PoolShape shape = new PoolShape("lab-" + workload.name() + "-" + pool
            + (label.isEmpty() ? "" : "-" + label.replace('/', '-')), pool, pool, options.connectionTimeoutMs());
      Series s = new Series(label);
      Step step = new Step(workload, name, () -> {
         s.before = server.before();
         Database database = driver == null ? lab.database() : lab.database().through(driver);
         return source.open(database, shape);
      }, recorder);
      series.put(step, s);
      return step;
   }

   /** A step's source (and driver) as summaries name it, and the server's counters as read before it opened. */
   private static final class Series {
      private final String label;
      private volatile Map<String, Long> before = Map.of();

      Series(String label) {
         this.label = label;
      }
   }

   /** Every user calls this as it arrives: the first one opens the step's pool while the others wait for it. */
   public void enter(Step step) {
      step.watch(lab.watch());
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
      Series s = series.get(step);
      // the counters' first is the connections the server accepted; not read when the server may be gone
      Long connections = why != null || step.openFailure() != null || step.lostReason() != null || s.before.isEmpty()
            ? null
            : server.since(s.before).values().stream().findFirst().orElse(null);
      StepResult named = r.of(s.label, connections);
      return lab.stepFinished(summary.add(step.requestName(), named), named, reason);
   }

   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: every step's warm-up, window and two acquire timeouts, plus margins. */
   public Duration maxDuration() {
      double perStep = options.warmup() + options.seconds() + 2 * options.connectionTimeoutMs() / 1000.0 + 30;
      return Duration.ofSeconds((long) (steps.size() * perStep) + 60);
   }

   /** Before the load: the database, the table the workloads need, and each statement tried once. */
   public void start() {
      int rows = options.tableRows();
      lab.start("big", (database, c) -> rows == 0 ? "not needed"
            : rows + " rows " + database.dialect().ensureBigTable(c, rows).name().toLowerCase(Locale.ROOT));
      options.workloads().forEach(lab::tryOnce);
   }

   public void finish() {
      server.close();
      lab.finish();
   }
}
