package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.OpenInjectionStep;
import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ReplayRequest;
import jdbcpoollab.capture.ReplayWorkload;
import jdbcpoollab.capture.ServerIdentity;
import jdbcpoollab.db.Database;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.ArrivalSchedule;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.measure.ArrivalRecorder;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.Disturbance;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.ReplayHeld;
import jdbcpoollab.report.ReplaySummary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static jdbcpoollab.analysis.NumberText.trimmed;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.OpenExperiment;
import jdbcpoollab.runoptions.ReplayOptions;
import jdbcpoollab.runoptions.Seconds;

/**
 * Replay's engine: a capture's requests sent again, arriving at their captured times divided by each speed (an open
 * model, served by request threads as in RateSweep), one step per speed, pool size and source. A step's window is
 * the capture's span at its speed, from the first arrival; the capture's first half second arrives again after it,
 * so that the window closes under load, and is never counted in it: a step measures the capture's requests alone.
 * Each step's workload is its requests in order of arrival.
 */
public final class ReplayEngine implements OpenExperiment<ReplayOptions> {
   /** Arrivals go on this long after the window (the capture's start again), so that it closes under load. */
   private static final double TAIL_SECONDS = 0.5;

   private final ReplayOptions options;
   private final ReplaySummary summary;
   private final Lab lab;
   private final OpenSteps steps = new OpenSteps();
   private final Map<OpenStep, Trial> trials = new IdentityHashMap<>();
   /** The JVM's warm-up before the first step, its phases in order; none with {@code -DjvmWarmup=0}. */
   private final List<ArrivalWarmup> warmups = new ArrayList<>();
   private String server;

   /** One step's speed and its workload of requests. */
   private record Trial(double speed, ReplayWorkload workload) {
   }

   private ReplayEngine(Options system, ReplayOptions options) {
      this.options = options;
      Map<Double, Double> rates = new LinkedHashMap<>();
      options.speeds().forEach(speed -> rates.put(speed, rate(speed)));
      summary = new ReplaySummary(options.sloP99Ms(), options.replay().requests().size(), rates,
            options.replay().requests().stream().filter(ReplayRequest::transaction)
                  .mapToLong(ReplayRequest::heldMicros).average().orElse(Double.NaN) / 1e3);
      List<Axes.At> plan = new Axes().axis("speed", options.speeds()).axis("pool", options.pools())
            .axis("source", options.sources()).product();
      lab = new Lab(system, RunPlan.of("Replay", options.common(), options.largestPool() + 50, summary,
                  options.settings())
            .steps(plan.size(), steps.pools()::endRun)
            .onInterrupt(steps.pools()::interrupt).recoverWithin(options.recoverSeconds()));
      List<OpenStep> planned = plan.stream().map(this::step).toList();
      warmups.addAll(ArrivalWarmup.plan(planned, options.jvmWarmup(),
            (name, during) -> warmup(plan.get(0), planned.get(0), name, during)));
      planned.forEach(step -> steps.add(lab, step, this::arriving, this::finished));
   }

   /**
    * A phase {@code name} of the JVM's warm-up before {@code first}, at {@code at}, for {@code during}: its pool size
    * and source, the capture's requests at the first speed from its start (the capture again after its end, as often
    * as that takes), on sessions as read-only as the steps'.
    */
   private ArrivalWarmup warmup(Axes.At at, OpenStep first, String name, Duration during) {
      double speed = at.get("speed", Double.class);
      List<ReplayRequest> sped = options.replay().at(speed);
      long firstArrival = sped.get(0).arrivalMicros();
      long span = Math.round(options.captureSeconds() / speed * 1e6);
      long length = during.toNanos() / 1000;
      List<ReplayRequest> requests = new ArrayList<>();
      for (long shift = 0; shift < length; shift += span) {
         for (ReplayRequest r : sped) {
            if (r.arrivalMicros() - firstArrival + shift < length) {
               requests.add(new ReplayRequest(r.arrivalMicros() + shift, r.connection(), r.transaction(),
                     r.statements()));
            }
         }
      }
      ReplayWorkload workload = new ReplayWorkload(name, requests, options.replay().product(), !options.writes(),
            options.gaps());
      StepRecorder recorder = new StepRecorder(StepId.of(name, at.get("pool", Integer.class)), options.threads(), 0,
            length * 1000);
      OpenStep step = open(workload, name, recorder.id(), at.get("source", PoolLibrary.class), recorder, speed,
            length, Long.MAX_VALUE);
      step.schedule(new ArrivalSchedule(requests.stream().map(r -> r.arrivalMicros() - firstArrival).toList()));
      trials.put(step, new Trial(speed, workload));
      return ArrivalWarmup.before(first.requestName(), step, recorder, during, String.format(Locale.ROOT,
            "the capture's %d requests from its start at %sx%s", requests.size(), trimmed(speed),
            options.writes() ? ", writes included (-Dreplay.writes=true)" : " on read-only sessions"), lab.console(),
            steps.pools());
   }

   /** Reads Replay's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static ReplayEngine fromSystem() {
      Options system = Options.fromSystem();
      return new ReplayEngine(system, Exit.options(() -> ReplayOptions.from(system)));
   }

   @Override
   public ReplayOptions options() {
      return options;
   }

   /** The steps in the order they run: the JVM's warm-up first, unless {@code -DjvmWarmup=0}, then the planned ones. */
   @Override
   public List<OpenStep> steps() {
      return Stream.concat(warmups.stream().map(ArrivalWarmup::step), steps.steps().stream()).toList();
   }

   /** The protocol that opens each step's pool before its first arrival and closes it after its last. */
   @Override
   public PoolProtocol pools() {
      return steps.pools();
   }

   /** The requests per second the capture offers at {@code speed}. */
   private double rate(double speed) {
      return options.replay().requests().size() / (options.captureSeconds() / speed);
   }

   /** The step of one speed at one pool size with one source, as the plan's axes give them. */
   private OpenStep step(Axes.At at) {
      double speed = at.get("speed", Double.class);
      int pool = at.get("pool", Integer.class);
      PoolLibrary source = at.get("source", PoolLibrary.class);
      List<ReplayRequest> sped = options.replay().at(speed);
      long first = sped.get(0).arrivalMicros();
      long window = Math.round(options.captureSeconds() / speed * 1e6);
      List<ReplayRequest> requests = new ArrayList<>(sped);
      long tail = (window + 999) / 1000 * 1000; // from the first whole millisecond after the close: none at it
      sped.stream().filter(r -> r.arrivalMicros() - first < TAIL_SECONDS * 1e6)
            .map(r -> new ReplayRequest(r.arrivalMicros() + tail, r.connection(), r.transaction(), r.statements()))
            .forEach(requests::add);
      ReplayWorkload workload = new ReplayWorkload("replay " + trimmed(speed) + "x", requests,
            options.replay().product(), !options.writes(), options.gaps());
      StepId id = new StepId(workload.name(), options.severalSources() ? source.name() : "", pool, 1, 1,
            StepId.digits(options.largestPool()));
      StepRecorder recorder = new StepRecorder(id, options.threads(), 0, window * 1000);
      recorder.splitMachine(lab::serverProcess, Disturbance.DEFAULT);
      OpenStep step = open(workload, id.name(), id, source, recorder, speed, window, sped.size());
      step.schedule(new ArrivalSchedule(requests.stream().map(r -> r.arrivalMicros() - first).toList()));
      trials.put(step, new Trial(speed, workload));
      return step;
   }

   /**
    * A step of {@code workload} named {@code name} at {@code speed}, on a pool of {@code source} shaped by {@code id},
    * sampled through its {@code windowMicros} and tail, counting only its first {@code measured} arrivals.
    */
   private OpenStep open(ReplayWorkload workload, String name, StepId id, PoolLibrary source, StepRecorder recorder,
                         double speed, long windowMicros, long measured) {
      PoolShape shape = new PoolShape(id.poolName(), id.pool(), id.pool(), options.connectionTimeoutMs(),
            workload.readOnly());
      OpenStep step = new OpenStep(workload, name, () -> source.open(replayed(workload.readOnly()), shape),
            new ArrivalRecorder(recorder, rate(speed), options.threads(), measured), options.threads(),
            options.queueLimit(), options.threadKind());
      step.sample(lab::serverActivity, Seconds.nanos(Budget.step(windowMicros / 1e6 + TAIL_SECONDS
            + Budget.timeouts(2, options.connectionTimeoutMs()))));
      return step;
   }

   /** The database as the steps reach it: the replay's driver properties added, read-only unless it writes. */
   private Database replayed(boolean readOnly) {
      Database database = lab.database().with(options.replay().driverProps(lab.database().url()));
      return readOnly ? database.readOnly() : database;
   }

   /**
    * When the step's users arrive: those due in each second of the capture at its start, each then waiting for its
    * captured time ({@link ArrivalSchedule}).
    */
   @Override
   public List<OpenInjectionStep> arrivals(OpenStep step) {
      return ScheduledInjection.of(step);
   }

   /** What arrives at a step, said once its pool is open. */
   private String arriving(OpenStep step) {
      double speed = trials.get(step).speed();
      return String.format(Locale.ROOT, "%d captured requests arrive at %sx (%.1f requests/s)",
            options.replay().requests().size(), trimmed(speed), rate(speed));
   }

   /**
    * What a step measured, with how long its transactions held their connection and how late the replay started
    * their statements, added to the summary.
    */
   private String finished(OpenStep step, ArrivalResult r) {
      Trial t = trials.get(step);
      List<Long> held = t.workload().heldMicros();
      ReplayHeld h = held.isEmpty() ? ReplayHeld.NONE : new ReplayHeld(Profile.median(held) / 1e3,
            held.stream().mapToLong(Long::longValue).average().orElseThrow() / 1e3,
            t.workload().lateNanos().stream().mapToLong(Long::longValue).average().orElseThrow() / 1e6);
      return summary.add(t.speed(), step.requestName(), r, h, t.workload().failures());
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /**
    * The run's budget: every step's tail and two acquire timeouts, and its arrivals, which differ by speed; the JVM's
    * warm-up's phases as steps more, their arrivals with them.
    */
   @Override
   public Duration maxDuration() {
      double arriving = options.speeds().stream().mapToDouble(s -> options.captureSeconds() / s).sum()
            * options.pools().size() * options.sources().size()
            + warmups.stream().mapToDouble(w -> w.during().toMillis() / 1000.0).sum();
      return Budget.of(steps.steps().size() + warmups.size(), Budget.timeouts(2,
            options.connectionTimeoutMs()) + TAIL_SECONDS, arriving);
   }

   /**
    * Before the load: the database, and the capture's own server refused unless {@code -Dreplay.sameServer=true}:
    * a replay there would send the application's statements, writes included, to the application's data.
    */
   @Override
   public void start() {
      String product = options.target().dialect().name();
      lab.start("capture", (database, c) -> {
         server = ServerIdentity.of(c, product);
         return options.replay().requests().size() + " requests of " + options.capture().getFileName();
      });
      if (server.equals(options.capturedServer()) && !options.sameServer()) {
         throw lab.failed(Exit.BAD_OPTION, "the target is the server the capture " + options.capture().getFileName()
               + " was taken from; replay it against another server, or add -Dreplay.sameServer=true");
      }
      if (!options.writes()) {
         lab.readOnly();
      }
   }

   @Override
   public void finish() {
      lab.finish();
   }
}
