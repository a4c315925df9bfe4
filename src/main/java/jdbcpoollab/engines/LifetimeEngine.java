package jdbcpoollab.engines;

import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.db.ProxyCounts;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Rounds;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.measure.LifetimeResult;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.LifetimeSummary;
import jdbcpoollab.report.LifetimeText;

import java.util.List;
import java.util.Locale;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.Exit;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.LifetimeOptions;

/**
 * Lifetime's engine: per source, a pool of {@code pool} connections reached through the {@link FaultProxy}, loaded
 * in rounds with pauses between them while its connections die underneath it: the proxy cuts each at
 * {@code cutAfterMs}, or the server closes those idle longer than its {@code wait_timeout}. What the pool did is
 * sampled every 100 ms. The sources run one after another, each on a clean proxy.
 */
public final class LifetimeEngine extends FaultRun<LifetimeOptions, LifetimeSummary> {
   static final double PERIOD_MS = 100;

   private LifetimeEngine(Options system, LifetimeOptions options) {
      super("Lifetime", system, options, options.pool() + 50, new LifetimeSummary(), options.settings());
      for (PoolLibrary source : options.sources()) {
         StepId id = new StepId(options.workload().name() + " lifetime", source.name(), options.pool(), 1, 1,
               StepId.digits(options.pool()));
         FaultTrial t = new FaultTrial(lab, server, source, id, options.workload(), options.users(),
               Seconds.nanos(options.loadSeconds()), new PoolShape(id.poolName(), options.pool(), options.pool(),
                     options.connectionTimeoutMs()).with(options.times()), options.socketTimeoutMs(),
               options.failurePauseMs());
         add(t, options.users(), () -> open(t), () -> close(t), () -> interrupted(t));
      }
   }

   /** Reads Lifetime's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static LifetimeEngine fromSystem() {
      Options system = Options.fromSystem();
      return new LifetimeEngine(system, Exit.options(() -> LifetimeOptions.from(system)));
   }

   /** What each user does: its rounds of load and the pauses between them. */
   public Rounds rounds() {
      return options.paced();
   }

   /** Before the source's users start: the proxy told to cut connections, the pool opened and filled. */
   private void open(FaultTrial t) {
      lab.faultProxy().cutAfter(options.cutAfterMs());
      if (!t.open(PERIOD_MS, Seconds.nanos(Budget.step(options.loadSeconds()
            + Budget.timeouts(2, options.socketTimeoutMs()))))) {
         return;
      }
      lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, %d rounds of %.1f s, %.1f s pauses",
            t.step.requestName(), t.step.openNanos() / 1e6, options.rounds(), options.workSeconds(),
            options.pauseSeconds()), t.step.openNanos());
   }

   /** Once the source's users have left (or the run ends first): the pool read and closed. */
   private List<Outcome> close(FaultTrial t) {
      FaultRecorder recorder = t.recorder;
      String name = t.source.name();
      FaultTrial.After after = t.close();
      LifetimeResult r;
      if (after == null) {
         ProxyCounts counts = lab.faultProxy().counts();
         r = new LifetimeResult(name, t.step.openFailure(), 0, 0, 0, -1, 0, counts.acceptedCount(),
               counts.cutCount(), Timing.EMPTY, 0, recorder.failures(), 0, 0);
      } else {
         r = result(t, after);
      }
      if (!t.report()) {
         return List.of();
      }
      summary.add(r, after == null ? List.of() : recorder.samples(), pauses());
      FaultTrial.finished(lab, summary.timeline(), name + ": " + LifetimeText.answer(r));
      return List.of();
   }

   /** The JVM ends while the source runs: what it measured until then kept, marked incomplete. */
   private void interrupted(FaultTrial t) {
      FaultTrial.After after = t.interrupt();
      if (after != null && t.report()) {
         LifetimeResult r = result(t, after);
         summary.addPartial(r, "interrupted", t.recorder.samples(), pauses());
         t.finishedPartial(summary.timeline(), r.source() + ": " + LifetimeText.answer(r), "interrupted");
      }
   }

   private LifetimeResult result(FaultTrial t, FaultTrial.After after) {
      FaultRecorder recorder = t.recorder;
      ProxyCounts counts = lab.faultProxy().counts();
      long all = recorder.ok() + recorder.failed();
      long opened = after.serverConnections() < 0 ? counts.acceptedCount() : after.serverConnections();
      return new LifetimeResult(t.source.name(), null, recorder.ok(), recorder.failed(),
            all == 0 ? 0 : 1000.0 * recorder.failed() / all, after.serverConnections(),
            Math.max(0, opened - options.pool()), counts.acceptedCount(), counts.cutCount(), recorder.acquire(),
            recorder.longestAcquireMs(), recorder.failures(), after.longestSampleGapMs(),
            after.leftOpenAfterClose());
   }

   /** When (ms) each pause starts and ends, for the charts. */
   private double[] pauses() {
      double[] marks = new double[2 * (options.rounds() - 1)];
      for (int i = 0; i < options.rounds() - 1; i++) {
         marks[2 * i] = ((i + 1) * options.workSeconds() + i * options.pauseSeconds()) * 1000;
         marks[2 * i + 1] = marks[2 * i] + options.pauseSeconds() * 1000;
      }
      return marks;
   }

   /** A source's load, two socket and two acquire timeouts. */
   @Override
   double sourceSeconds() {
      return options.loadSeconds() + Budget.timeouts(2, options.socketTimeoutMs())
            + Budget.timeouts(2, options.connectionTimeoutMs());
   }
}
