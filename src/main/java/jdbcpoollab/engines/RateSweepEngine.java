package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.OpenInjectionStep;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.ArrivalSchedule;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.measure.ArrivalRecorder;
import jdbcpoollab.measure.Disturbance;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.RateSweepSummary;
import jdbcpoollab.workloads.StandIn;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import jdbcpoollab.run.Budget;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Schema;
import jdbcpoollab.run.OpenExperiment;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.RateSweepOptions;

/**
 * RateSweep's engine: its steps (each workload at each pool size with each source under the same arrival rate, a
 * pool of that size filled and the request threads started before the first arrival), and the run around them
 * (summaries, gates, interrupts, budget).
 */
public final class RateSweepEngine implements OpenExperiment<RateSweepOptions> {
   /** Arrivals go on this long after the window, so that the window closes under load; they are not served. */
   private static final double TAIL_SECONDS = 0.5;
   /**
    * The window opens with the first arrival, which comes after the population's start by a random gap of mean
    * 1/rate; the tail covers this many such gaps too.
    */
   private static final double FIRST_ARRIVAL_GAPS = 5;

   private final RateSweepOptions options;
   private final RateSweepSummary summary;
   private final Lab lab;
   private final OpenSteps steps = new OpenSteps();
   /** The JVM's warm-up before the first step, its phases in order; none with {@code -DjvmWarmup=0}. */
   private final List<ArrivalWarmup> warmups = new ArrayList<>();

   private RateSweepEngine(Options system, RateSweepOptions options) {
      this.options = options;
      summary = new RateSweepSummary(options.rate(), options.sloP99Ms(),
            options.from() == null ? null : SweepRun.read(options.from()));
      List<Axes.At> plan = new Axes().axis("workload", options.workloads()).axis("pool", options.pools())
            .axis("source", options.sources()).product();
      lab = new Lab(system, RunPlan.of("RateSweep", options.common(), options.largestPool() + 50, summary,
                  options.settings())
            .steps(plan.size(), steps.pools()::endRun)
            .onInterrupt(steps.pools()::interrupt).recoverWithin(options.recoverSeconds())
            .warmupPerStep(options.warmup()));
      List<OpenStep> planned = plan.stream().map(this::step).toList();
      warmups.addAll(ArrivalWarmup.plan(planned, options.jvmWarmup(),
            (name, during) -> warmup(plan.get(0), planned.get(0), name, during)));
      planned.forEach(step -> steps.add(lab, step, s -> NumberText.trimmed(options.rate()) + " requests/s arrive",
            (s, r) -> summary.add(s.requestName(), r)));
   }

   /**
    * A phase {@code name} of the JVM's warm-up before {@code first}, at {@code at}, for {@code during}: its pool size
    * and source, the rate, its workload or, when that writes or uses up a queue feeder, its stand-in (unless
    * {@code -DjvmWarmup.own=true}).
    */
   private ArrivalWarmup warmup(Axes.At at, OpenStep first, String name, Duration during) {
      Workload own = at.get("workload", Workload.class);
      boolean itself = own.harmlessToRepeat() || options.jvmWarmupOwn();
      StepRecorder recorder = new StepRecorder(StepId.of(name, at.get("pool", Integer.class)), options.threads(), 0,
            during.toNanos());
      OpenStep step = open(itself ? own : StandIn.of(own, options.common().target().dialect()), name,
            recorder.id(), at.get("source", PoolLibrary.class), recorder, during);
      return ArrivalWarmup.before(first.requestName(), step, recorder, during, NumberText.trimmed(options.rate())
            + " requests/s of " + (itself ? "its own statements" : "harmless statements of its shape, each a SELECT"
            + " of the values it binds (-DjvmWarmup.own=true runs your own)"), lab.console(), steps.pools());
   }

   /** Reads the sweep's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static RateSweepEngine fromSystem() {
      return from(Options.fromSystem());
   }

   static RateSweepEngine from(Options system) {
      return new RateSweepEngine(system, Exit.options(() -> RateSweepOptions.from(system)));
   }

   @Override
   public RateSweepOptions options() {
      return options;
   }

   /** The protocol that opens each step's pool before its first arrival and closes it after its last. */
   @Override
   public PoolProtocol pools() {
      return steps.pools();
   }

   /** The step of one workload at one pool size with one source, as the plan's axes give them. */
   private OpenStep step(Axes.At at) {
      Workload workload = at.get("workload", Workload.class);
      int pool = at.get("pool", Integer.class);
      PoolLibrary source = at.get("source", PoolLibrary.class);
      StepId id = new StepId(workload.name(), options.severalSources() ? source.name() : "", pool, 1, 1,
            StepId.digits(options.largestPool()));
      StepRecorder window = new StepRecorder(id, options.threads(), Seconds.nanos(options.warmup()),
            Seconds.nanos(options.seconds()));
      window.splitMachine(lab::serverProcess, Disturbance.DEFAULT);
      return open(workload, id.name(), id, source, window, arrivals());
   }

   /** A step of {@code workload} named {@code name}, on a pool of {@code source} shaped by {@code id}, sampled. */
   private OpenStep open(Workload workload, String name, StepId id, PoolLibrary source, StepRecorder window,
                         Duration arriving) {
      PoolShape shape = new PoolShape(id.poolName(), id.pool(), id.pool(), options.connectionTimeoutMs(),
            workload.readOnly());
      OpenStep step = new OpenStep(workload, name, () -> source.open(workload.readOnly()
                  ? lab.database().readOnly() : lab.database(), shape),
            new ArrivalRecorder(window, options.rate(), options.threads()), options.threads(), options.queueLimit(),
            options.threadKind());
      step.schedule(ArrivalSchedule.atRandom(options.rate(), arriving, new SplittableRandom()));
      step.sample(lab::serverActivity, Seconds.nanos(Budget.step(arriving.toMillis() / 1000.0
            + Budget.timeouts(2, options.connectionTimeoutMs()))));
      return step;
   }

   /**
    * Users arriving at the rate at the random times drawn for the step when it was made, each timed from its own:
    * for a step's warm-up, its window and a short tail, or for the JVM's warm-up.
    */
   @Override
   public List<OpenInjectionStep> arrivals(OpenStep step) {
      return ScheduledInjection.of(step);
   }

   /** The steps in the order they run: the JVM's warm-up first, unless {@code -DjvmWarmup=0}, then the planned ones. */
   @Override
   public List<OpenStep> steps() {
      return Stream.concat(warmups.stream().map(ArrivalWarmup::step), steps.steps().stream()).toList();
   }

   /** How long requests arrive in each step: its warm-up, its window and a short tail. */
   private Duration arrivals() {
      return arrivals(options.warmup(), options.seconds(), options.rate());
   }

   /**
    * Whole seconds, as Gatling brings the arrivals a second at a time ({@link ScheduledInjection}); ending after the
    * window, anchored on the first arrival, rather than inside it.
    */
   static Duration arrivals(double warmupSeconds, double windowSeconds, double rate) {
      return Duration.ofSeconds((long) Math.ceil(warmupSeconds + windowSeconds + TAIL_SECONDS
            + FIRST_ARRIVAL_GAPS / rate));
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /**
    * The run's budget: every step's arrivals and two acquire timeouts, and each phase of the JVM's warm-up as a step.
    */
   @Override
   public Duration maxDuration() {
      double timeouts = Budget.timeouts(2, options.connectionTimeoutMs());
      return Budget.of(steps.steps().size(), arrivals().toMillis() / 1000.0 + timeouts, warmups.stream()
            .mapToDouble(w -> Budget.step(w.during().toMillis() / 1000.0 + timeouts)).sum());
   }

   /** Before the load: the database, the table the workloads need, and each statement tried once. */
   @Override
   public void start() {
      lab.start(Schema.BIG, Schema.bigTable(options.tableRows()));
      options.workloads().forEach(lab::tryOnce);
   }

   @Override
   public void finish() {
      lab.finish();
   }
}
