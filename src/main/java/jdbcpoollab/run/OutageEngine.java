package jdbcpoollab.run;

import jdbcpoollab.analysis.Recovery;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.DriverTimeouts;
import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.FaultSampler;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.load.WatchedSource;
import jdbcpoollab.load.WatchedWorkload;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.measure.FaultSample;
import jdbcpoollab.measure.OutageResult;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolGauge;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.OutageSummary;
import jdbcpoollab.report.OutageText;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Outage's engine: per source, steady closed-loop load on a pool reached through the {@link FaultProxy}, then the
 * database unreachable for {@code downSeconds} (refused or blackholed), then back; what the pool did is sampled every
 * 100 ms. The sources run one after another, each on a clean proxy; the proxy is restored whatever ends a source.
 */
public final class OutageEngine {
   static final double PERIOD_MS = 100;

   private final OutageOptions options;
   private final OutageSummary summary;
   private final Lab lab;
   private final PoolProtocol pools = new PoolProtocol();
   private final List<Trial> trials = new ArrayList<>();
   private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "lab-outage-clock");
      thread.setDaemon(true);
      return thread;
   });

   private OutageEngine(Options system, OutageOptions options) {
      this.options = options;
      summary = new OutageSummary(options.down());
      lab = new Lab("Outage", system, options.common(), options.pool() + options.users() + 50, summary,
            options.settings());
      lab.serverOptions(options.serverOptions());
      for (PoolLibrary source : options.sources()) {
         trials.add(new Trial(source));
      }
      trials.forEach(t -> pools.loadedBy(t.step, options.users(), new PoolProtocol.Stage(() -> open(t),
            () -> close(t), t.step::stop, () -> { })));
      lab.plan(trials.size(), pools::endRun);
      lab.onInterrupt(pools::interrupt);
   }

   /** Reads Outage's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static OutageEngine fromSystem() {
      Options system = Options.fromSystem();
      return new OutageEngine(system, Exit.options(() -> OutageOptions.from(system)));
   }

   public OutageOptions options() {
      return options;
   }

   /** The protocol that opens each source's pool before its users load it and closes it once they have left. */
   public PoolProtocol pools() {
      return pools;
   }

   /** One step per source, in the order they run. */
   public List<Step> steps() {
      return trials.stream().map(t -> t.step).toList();
   }

   /** One source's pool through the outage: its step, its recorder and sampler, and the outage's moments. */
   private final class Trial {
      private final PoolLibrary source;
      private final FaultRecorder recorder = new FaultRecorder();
      private final Step step;
      private volatile FaultSampler sampler;
      private volatile PoolGauge gauge = PoolGauge.NONE;
      private final List<ScheduledFuture<?>> schedule = new ArrayList<>();
      private volatile double downMs = Double.NaN;
      private volatile double backMs = Double.NaN;
      private volatile long startNanos;

      Trial(PoolLibrary source) {
         this.source = source;
         StepId id = new StepId(options.workload().name() + " " + options.down(), source.name(), options.pool(), 1, 1,
               StepId.digits(options.pool()));
         StepRecorder steps = new StepRecorder(id, options.users(), 0, Seconds.nanos(options.loadSeconds()));
         step = new Step(new WatchedWorkload(options.workload(), recorder), id.name(), () -> {
            Database database = DriverTimeouts.on(lab.faultProxy().in(lab.database()), options.socketTimeoutMs());
            WatchedSource watched = new WatchedSource(source.open(database, new PoolShape(id.poolName(),
                  options.pool(), options.pool(), options.connectionTimeoutMs())), recorder);
            gauge = watched.gauge();
            return watched;
         }, steps);
      }
   }

   /** Before the source's users start: its pool opened and filled, the outage scheduled from then. */
   private void open(Trial t) {
      FaultProxy proxy = lab.faultProxy();
      proxy.restore();
      proxy.closeConnections();
      t.step.enter();
      if (t.step.openFailure() != null) {
         lab.stepStarted(t.step.requestName() + ": pool did not open, source skipped: " + t.step.openFailure());
         return;
      }
      t.startNanos = System.nanoTime();
      t.recorder.start(t.startNanos);
      t.sampler = new FaultSampler(t.source.name(), t.recorder, t.gauge, proxy::open, PERIOD_MS,
            Seconds.nanos(options.loadSeconds() + 2 * options.socketTimeoutMs() / 1000.0 + 30));
      long downAt = Seconds.nanos(options.steadySeconds());
      long backAt = downAt + Seconds.nanos(options.downSeconds());
      synchronized (t.schedule) {
         t.schedule.add(clock.schedule(() -> goDown(t, proxy), downAt, TimeUnit.NANOSECONDS));
         t.schedule.add(clock.schedule(() -> comeBack(t, proxy), backAt, TimeUnit.NANOSECONDS));
      }
      lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, %.1f s steady, then %s for %.1f s",
            t.step.requestName(), t.step.openNanos() / 1e6, options.steadySeconds(), options.down(),
            options.downSeconds()), t.step.openNanos());
   }

   private void goDown(Trial t, FaultProxy proxy) {
      t.downMs = t.recorder.ms(System.nanoTime());
      if (options.down().equals("refuse")) {
         proxy.refuse();
      } else {
         proxy.blackhole();
      }
      lab.progress(String.format(Locale.ROOT, "%s: database unreachable (%s) at %.1f s", t.source.name(),
            options.down(), t.downMs / 1000));
   }

   private void comeBack(Trial t, FaultProxy proxy) {
      proxy.restore();
      long now = System.nanoTime();
      t.backMs = t.recorder.ms(now);
      t.recorder.mark(now);
      lab.progress(String.format(Locale.ROOT, "%s: database back at %.1f s", t.source.name(), t.backMs / 1000));
   }

   /** Once the source's users have left (or the run ends first): the proxy restored, the pool read and closed. */
   private List<Outcome> close(Trial t) {
      long left = System.nanoTime();
      synchronized (t.schedule) {
         t.schedule.forEach(f -> f.cancel(false));
      }
      FaultProxy proxy = lab.faultProxy();
      proxy.restore();
      if (t.step.openFailure() != null || t.sampler == null) {
         t.step.close();
         OutageResult failed = new OutageResult(t.source.name(), t.step.openFailure(), options.connectionTimeoutMs(),
               0, t.recorder.acquire(), 0, 0, t.recorder.failures(), 0, 0, null, -1, -1, 0, 0, 0, 0);
         summary.add(failed, List.of(), Double.NaN, Double.NaN);
         return finished(t, failed);
      }
      PoolGauge.Reading after = t.gauge.read();
      int throughProxy = proxy.open();
      t.sampler.stop();
      t.step.close();
      int leftOpen = leftOpen(proxy);
      proxy.closeConnections();
      List<FaultSample> samples = t.recorder.samples();
      Recovery recovery = Recovery.of(samples, options.steadySeconds() * 1000,
            Double.isNaN(t.backMs) ? Double.MAX_VALUE : t.backMs, Math.min(1000, options.afterSeconds() * 500));
      OutageResult r = new OutageResult(t.source.name(), null, options.connectionTimeoutMs(),
            t.recorder.longestAcquireMs(), t.recorder.acquire(), t.recorder.ok(), t.recorder.failed(),
            t.recorder.failures(), t.recorder.failedAfterMark(), recovery.steadyPerSecond(), recovery.seconds(),
            after == null ? -1 : after.active(), after == null ? -1 : after.idle(), throughProxy, leftOpen,
            Math.max(0, (left - t.startNanos) / 1e6 - options.loadSeconds() * 1000), longestGap(samples));
      summary.add(r, samples, t.downMs, t.backMs);
      return finished(t, r);
   }

   private List<Outcome> finished(Trial t, OutageResult r) {
      try {
         summary.writeTimeline(lab.folder());
      } catch (RuntimeException e) {
         lab.progress(OutageSummary.TIMELINE + " could not be written: " + e.getMessage());
      }
      lab.stepFinished(t.source.name() + ": " + OutageText.answer(r));
      return List.of();
   }

   /** Connections still open through the proxy after the pool closed, given a second to go. */
   private static int leftOpen(FaultProxy proxy) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
      while (proxy.open() > 0 && System.nanoTime() < deadline) {
         try {
            Thread.sleep(20);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
         }
      }
      return proxy.open();
   }

   private static double longestGap(List<FaultSample> samples) {
      double gap = 0;
      for (int i = 1; i < samples.size(); i++) {
         gap = Math.max(gap, samples.get(i).ms() - samples.get(i - 1).ms());
      }
      return gap;
   }

   /** The run's budget: every source's load, two socket timeouts and margins. */
   public Duration maxDuration() {
      return Duration.ofSeconds((long) (trials.size() * (options.loadSeconds() + 2 * options.socketTimeoutMs()
            / 1000.0 + 2 * options.connectionTimeoutMs() / 1000.0 + 30)) + 60);
   }

   /** Before the load: the database, and the statement tried once on it. */
   public void start() {
      lab.start("big", (database, c) -> "not needed");
      lab.tryOnce(options.workload());
   }

   public void finish() {
      clock.shutdownNow();
      lab.finish();
   }
}
