package jdbcpoollab.engines;

import jdbcpoollab.analysis.Recovery;
import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.measure.FaultSample;
import jdbcpoollab.measure.OutageResult;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolGauge;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.OutageSummary;
import jdbcpoollab.report.OutageText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.Exit;
import jdbcpoollab.runoptions.OutageOptions;
import jdbcpoollab.runoptions.Seconds;

/**
 * Outage's engine: per source, steady closed-loop load on a pool reached through the {@link FaultProxy}, then the
 * database unreachable for {@code downSeconds} (refused or blackholed), then back; what the pool did is sampled every
 * 100 ms. The sources run one after another, each on a clean proxy; the proxy is restored whatever ends a source.
 */
public final class OutageEngine extends FaultRun<OutageOptions, OutageSummary> {
   static final double PERIOD_MS = 100;

   private final ScheduledExecutorService clock = FaultTrial.clock("outage");

   private OutageEngine(Options system, OutageOptions options) {
      super("Outage", system, options, options.pool() + options.users() + 50, new OutageSummary(options.down()),
            options.settings());
      for (PoolLibrary source : options.sources()) {
         Trial t = new Trial(source);
         add(t.pool, options.users(), () -> open(t), () -> close(t), () -> interrupted(t));
      }
   }

   /** Reads Outage's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static OutageEngine fromSystem() {
      Options system = Options.fromSystem();
      return new OutageEngine(system, Exit.options(() -> OutageOptions.from(system)));
   }

   /** One source's pool through the outage, and the outage's moments. */
   private final class Trial {
      private final FaultTrial pool;
      private final List<ScheduledFuture<?>> schedule = new ArrayList<>();
      private volatile double downMs = Double.NaN;
      private volatile double backMs = Double.NaN;

      Trial(PoolLibrary source) {
         StepId id = new StepId(options.workload().name() + " " + options.down(), source.name(), options.pool(), 1, 1,
               StepId.digits(options.pool()));
         pool = new FaultTrial(lab, server, source, id, options.workload(), options.users(),
               Seconds.nanos(options.loadSeconds()), new PoolShape(id.poolName(), options.pool(), options.pool(),
                     options.connectionTimeoutMs()), options.socketTimeoutMs(), options.failurePauseMs());
      }
   }

   /** Before the source's users start: its pool opened and filled, the outage scheduled from then. */
   private void open(Trial t) {
      if (!t.pool.open(PERIOD_MS, Seconds.nanos(Budget.step(options.loadSeconds()
            + Budget.timeouts(2, options.socketTimeoutMs()))))) {
         return;
      }
      FaultProxy proxy = lab.faultProxy();
      long downAt = Seconds.nanos(options.steadySeconds());
      long backAt = downAt + Seconds.nanos(options.downSeconds());
      synchronized (t.schedule) {
         t.schedule.add(clock.schedule(() -> goDown(t, proxy), downAt, TimeUnit.NANOSECONDS));
         t.schedule.add(clock.schedule(() -> comeBack(t, proxy), backAt, TimeUnit.NANOSECONDS));
      }
      lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, %.1f s steady, then %s for %.1f s",
            t.pool.step.requestName(), t.pool.step.openNanos() / 1e6, options.steadySeconds(), options.down(),
            options.downSeconds()), t.pool.step.openNanos());
   }

   private void goDown(Trial t, FaultProxy proxy) {
      t.downMs = t.pool.recorder.ms(System.nanoTime());
      if (options.down().equals("refuse")) {
         proxy.refuse();
      } else {
         proxy.blackhole();
      }
      lab.progress(String.format(Locale.ROOT, "%s: database unreachable (%s) at %.1f s", t.pool.source.name(),
            options.down(), t.downMs / 1000));
   }

   private void comeBack(Trial t, FaultProxy proxy) {
      proxy.restore();
      long now = System.nanoTime();
      t.backMs = t.pool.recorder.ms(now);
      t.pool.recorder.mark(now);
      lab.progress(String.format(Locale.ROOT, "%s: database back at %.1f s", t.pool.source.name(),
            t.backMs / 1000));
   }

   /** Once the source's users have left (or the run ends first): the proxy restored, the pool read and closed. */
   private List<Outcome> close(Trial t) {
      long left = System.nanoTime();
      synchronized (t.schedule) {
         t.schedule.forEach(f -> f.cancel(false));
      }
      FaultRecorder recorder = t.pool.recorder;
      String name = t.pool.source.name();
      FaultTrial.After after = t.pool.close();
      if (after == null) {
         OutageResult failed = new OutageResult(name, t.pool.step.openFailure(), options.connectionTimeoutMs(),
               0, recorder.acquire(), 0, 0, recorder.failures(), 0, 0, null, -1, -1, 0, 0, 0, 0, recorder.failedAcquire(),
               failuresPerDownSecond(recorder));
         if (t.pool.report()) {
            summary.add(failed, List.of(), Double.NaN, Double.NaN);
            finished(failed);
         }
         return List.of();
      }
      OutageResult r = result(t, after, left);
      if (!t.pool.report()) {
         return List.of();
      }
      summary.add(r, recorder.samples(), t.downMs, t.backMs);
      return finished(r);
   }

   /** The JVM ends while the source runs: what it measured until then kept, marked incomplete. */
   private void interrupted(Trial t) {
      long now = System.nanoTime();
      FaultTrial.After after = t.pool.interrupt();
      if (after == null || !t.pool.report()) {
         return;
      }
      synchronized (t.schedule) {
         t.schedule.forEach(f -> f.cancel(false));
      }
      OutageResult r = result(t, after, now);
      summary.addPartial(r, "interrupted", t.pool.recorder.samples(), t.downMs, t.backMs);
      t.pool.finishedPartial(summary.timeline(), r.source() + ": " + OutageText.answer(r), "interrupted");
   }

   /** What the source did, from its samples and what its pool held as its users left ({@code left}). */
   private OutageResult result(Trial t, FaultTrial.After after, long left) {
      FaultRecorder recorder = t.pool.recorder;
      List<FaultSample> samples = recorder.samples();
      Recovery recovery = Recovery.of(samples, options.steadySeconds() * 1000,
            Double.isNaN(t.backMs) ? Double.MAX_VALUE : t.backMs, Math.min(1000, options.afterSeconds() * 500));
      PoolGauge.Reading held = after.pool();
      return new OutageResult(t.pool.source.name(), null, options.connectionTimeoutMs(),
            recorder.longestAcquireMs(), recorder.acquire(), recorder.ok(), recorder.failed(),
            recorder.failures(), recorder.failedAfterMark(), recovery.steadyPerSecond(), recovery.seconds(),
            held == null ? -1 : held.active(), held == null ? -1 : held.idle(), after.throughProxy(),
            after.leftOpenAfterClose(), Math.max(0, (left - t.pool.startNanos()) / 1e6 - options.loadSeconds()
            * 1000), after.longestSampleGapMs(), recorder.failedAcquire(),
            failuresPerDownSecond(recorder));
   }

   /**
    * Operations that failed before the database's return, per second it was unreachable: those of a pool that never
    * opened too, whose recorder was never marked.
    */
   private double failuresPerDownSecond(FaultRecorder recorder) {
      return (recorder.failed() - recorder.failedAfterMark()) / options.downSeconds();
   }

   private List<Outcome> finished(OutageResult r) {
      FaultTrial.finished(lab, summary.timeline(), r.source() + ": " + OutageText.answer(r));
      return List.of();
   }

   /** A source's load, two socket and two acquire timeouts. */
   @Override
   double sourceSeconds() {
      return options.loadSeconds() + Budget.timeouts(2, options.socketTimeoutMs())
            + Budget.timeouts(2, options.connectionTimeoutMs());
   }

   @Override
   public void finish() {
      clock.shutdownNow();
      super.finish();
   }
}
