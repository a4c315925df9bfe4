package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.ClosedStep;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Slot;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.Answers;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.workloads.OwnWorkload;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.Experiment;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Schema;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.PoolSweepOptions;

/**
 * PoolSweep's engine: its steps (each workload at each pool size with each source and driver, a pool of that size
 * filled before load), what opening and closing a step means, and the run around them (summaries, gates,
 * interrupts, budget). The sources of one pool size run one after the other, so that drift over the run touches all.
 * After the planned steps come slots whose steps are chosen as the run goes ({@link SweepSlots}): a search for the
 * pool sizes ({@code -Dpools=auto}), then the steps that settle the answers.
 */
public final class PoolSweepEngine implements Experiment<PoolSweepOptions, ClosedStep> {
   private final PoolSweepOptions options;
   private final SweepSummary summary;
   private final Lab lab;
   private final List<ClosedStep> steps = new ArrayList<>();
   private final List<SweepPlace> plan;
   private final SweepSlots slots;
   private final PoolProtocol pools = new PoolProtocol();
   private final SweepServer server;
   private final Map<Step, SweepPlace> places = new ConcurrentHashMap<>();
   private final Map<Step, StepRecorder> recorders = new ConcurrentHashMap<>();
   private final SweepFiles files;
   /** The JVM's warm-up before the first step, null for none. */
   private final SweepWarmup warmup;

   private PoolSweepEngine(String simulation, Options system, PoolSweepOptions options) {
      this.options = options;
      Sizing.Context context = new Sizing.Context(options.users(),
            options.databaseCores() == null ? 0 : options.databaseCores(), options.acquireP99Ms(), options.thinkMs());
      plan = SweepPlace.plan(options);
      slots = new SweepSlots(options, context, SweepPlace.series(options), plan.size(), this::id);
      summary = new SweepSummary(context, new Answers(options.autoPools(), slots.settleSeconds(),
            options.warmup() + options.seconds(), options.quick().provisional()));
      int poolsAtOnce = options.workloads().stream().mapToInt(w -> options.split(w) ? w.kinds().size() : 1).max()
            .orElse(1);
      lab = new Lab(system, RunPlan.of(simulation, options.common(), poolsAtOnce * options.mostInstances()
                  * options.largestPool() + options.users() + 50, summary, options.settings())
            .steps(plan.size(), pools::endRun).onInterrupt(pools::interrupt)
            .recoverWithin(options.recoverSeconds()).warmupPerStep(options.warmup()).compareWith(options.compare()));
      files = new SweepFiles(lab, options);
      server = new SweepServer(lab);
      plan.forEach(place -> {
         Step step = step(place);
         steps.add(step);
         pools.loadedBy(step, options.users(), new PoolProtocol.Stage(() -> open(step), () -> close(step), step::stop,
               () -> report(step, step.interrupt(), "interrupted")));
      });
      for (int i = 1; i <= slots.count(); i++) {
         Slot slot = new Slot("slot " + i, options.threads());
         steps.add(slot);
         pools.loadedBy(slot, options.users(), new PoolProtocol.Stage(() -> open(slot),
               () -> slot.chosen() == null ? List.of() : close(slot.chosen()), () -> chosen(slot, Step::stop),
               () -> chosen(slot, step -> report(step, step.interrupt(), "interrupted"))));
      }
      SweepPlace first = plan.isEmpty() ? SweepPlace.series(options).get(0).at(1, 1) : plan.get(0);
      warmup = SweepWarmup.before(id(first).name(), first, options, lab, pools);
   }

   /** A slot opens: its step chosen from the results so far and opened, or none when nothing is left to decide. */
   private void open(Slot slot) {
      SweepSlots.Choice choice = slots.next();
      if (choice != null) {
         Step step = step(choice.place());
         lab.stepAdded();
         lab.console().say(choice.why());
         slot.choose(step);
         open(step);
      }
   }

   private void chosen(Slot slot, Consumer<Step> then) {
      Step step = slot.chosen();
      if (step != null) {
         then.accept(step);
      }
   }

   /** Reads the sweep's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static PoolSweepEngine fromSystem() {
      return from(Options.fromSystem());
   }

   static PoolSweepEngine from(Options system) {
      return new PoolSweepEngine("PoolSweep", system, Exit.options(() -> PoolSweepOptions.from(system)));
   }

   /**
    * The sweep of a simulation over a workload of its own ({@code workload} builds it), at every pool size, for
    * {@code users} users unless {@code -Dusers} says otherwise; the other options as PoolSweep reads them. A workload
    * that cannot be built (a {@code #{column}} its feeder lacks, a feeder with no rows) is bad input as an option is.
    */
   public static PoolSweepEngine of(Simulation simulation, Supplier<OwnWorkload> workload, int users) {
      Options system = Options.fromSystem();
      return new PoolSweepEngine(simulation.getClass().getSimpleName(), system, Exit.options(() -> {
         OwnWorkload own;
         try {
            own = workload.get();
         } catch (IllegalArgumentException e) {
            throw new OptionException("bad workload: " + e.getMessage());
         }
         return PoolSweepOptions.from(system, own, users);
      }));
   }

   @Override
   public PoolSweepOptions options() {
      return options;
   }

   /** The steps in the order they run: the JVM's warm-up first, unless {@code -DjvmWarmup=0}, then the planned
    * ones, then the slots whose steps are chosen as the run goes.
    */
   @Override
   public List<ClosedStep> steps() {
      return warmup == null ? List.copyOf(steps)
            : Stream.concat(Stream.<ClosedStep>of(warmup.step()), steps.stream()).toList();
   }

   /**
    * The sweep's load, as PoolSweep sets it up: all users at once, each running every step's closed loop on a thread
    * of its own, from step to step; each step starts when the previous one has ended.
    */
   public PopulationBuilder population() {
      return scenario("pool sweep").exec(pools.stepByStep(steps(), step -> exec(Jdbc.closedLoop(step))))
            .injectOpen(atOnceUsers(options.users()));
   }

   @Override
   public PoolProtocol pools() {
      return pools;
   }

   /** How the step at {@code place} is named. */
   private StepId id(SweepPlace place) {
      Workload workload = place.workload();
      String source = options.sourceLabel(place.source(), place.driver(), place.props());
      return new StepId(place.split() ? options.splitLabel(workload, place.rtt())
            : options.label(workload, place.rtt(), place.instances()), source, place.pool(), place.pass(),
            options.repeat(), StepId.digits(options.largestPool()));
   }

   private Step step(SweepPlace place) {
      Workload workload = place.workload();
      StepId id = id(place);
      StepRecorder recorder = new StepRecorder(id, options.users(), Seconds.nanos(options.warmup()),
            Seconds.nanos(options.seconds()));
      recorder.splitMachine(lab::serverProcess, options.disturbance());
      Step step = new Step(workload, id.name(), () -> {
         server.opening(recorder);
         return place.open(place.database(lab), id.poolName(), options.connectionTimeoutMs());
      }, recorder, options.think(workload), 0);
      step.threads(options.threads());
      recorders.put(step, recorder);
      places.put(step, place);
      return step;
   }

   /** Before the step's users start: its pool opened and filled, while they wait for it. */
   private void open(Step step) {
      step.watch(lab.watch());
      step.sample(lab::serverActivity, Seconds.nanos(Budget.step(stepSeconds())));
      step.enter();
      lab.stepStarted(step.openFailure() != null
            ? step.requestName() + ": pool did not open, step skipped: " + step.openFailure()
            : String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts", step.requestName(),
                  step.openNanos() / 1e6), step.openNanos());
   }

   /** Once the step's users have left (or the run ends first): its pool closed and the step reported. */
   private List<Outcome> close(Step step) {
      server.left(step, recorders.get(step));
      return report(step, step.close(), null);
   }

   private List<Outcome> report(Step step, StepResult r, String why) {
      if (r == null) {
         return List.of();
      }
      SweepPlace place = places.get(step);
      String refused = step.openFailure() == null ? null : server.refused(place, r.pool());
      String reason = why != null ? why
            : refused != null ? refused
            : step.openFailure() != null ? "pool did not open: " + step.openFailure()
            : step.cutReason() != null ? step.cutReason() : "cut short";
      server.writeCounters();
      slots.finished(r);
      files.stepFinished(step, r, recorders.get(step), place, server.maxConnections());
      return lab.stepFinished(summary.add(step.requestName(), r), r, reason);
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: every planned step and slot, and the JVM's warm-up. */
   @Override
   public Duration maxDuration() {
      return Budget.of(steps.size(), stepSeconds(), options.jvmWarmup());
   }

   /** What a step takes of its own: its warm-up, its window and two acquire timeouts. */
   private double stepSeconds() {
      return options.warmup() + options.seconds() + Budget.timeouts(2, options.connectionTimeoutMs());
   }

   /**
    * Before the load: a quick look's first line (here, not as the engine is made: Maven's preflight makes it too), the
    * database, the table the workloads need, and each statement tried once.
    */
   @Override
   public void start() {
      if (options.quick().on()) {
         lab.console().say(options.quick().provisional());
      }
      lab.start(Schema.BIG, Schema.bigTable(options.tableRows()));
      options.workloads().stream().flatMap(w -> w.kinds().isEmpty() ? Stream.of(w) : w.kinds().stream()).distinct()
            .forEach(lab::tryOnce);
      server.readMaxConnections(options);
   }

   @Override
   public void finish() {
      lab.finish();
      server.close();
   }
}
