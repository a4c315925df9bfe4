package jdbcpoollab.engines;

import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.db.ProxyCounts;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Rounds;
import jdbcpoollab.measure.BurstResult;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.BurstSummary;
import jdbcpoollab.report.BurstText;
import jdbcpoollab.workloads.Think;

import java.util.List;
import java.util.Locale;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.Exit;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.BurstOptions;

/**
 * Burst's engine: per source, a dynamic pool (minIdle to maxPool) reached through the {@link FaultProxy} with each
 * new connection's handshake {@code connectMs} late, filled and left idle, then {@code burst} users at once doing
 * {@code ops} operations each; what the pool did is sampled every {@code sampleMs}. The sources run one after
 * another, each on a clean proxy.
 */
public final class BurstEngine extends FaultRun<BurstOptions, BurstSummary> {
   private BurstEngine(Options system, BurstOptions options) {
      super("Burst", system, options, options.maxPool() + 50, new BurstSummary(options.minIdle(), options.sampleMs()),
            options.settings());
      for (PoolLibrary source : options.sources()) {
         Trial t = new Trial(source);
         add(t.pool, options.burst(), () -> open(t), () -> close(t), () -> interrupted(t));
      }
   }

   /** Reads Burst's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static BurstEngine fromSystem() {
      Options system = Options.fromSystem();
      return new BurstEngine(system, Exit.options(() -> BurstOptions.from(system)));
   }

   /** What each user does: its operations, back to back. */
   public Rounds rounds() {
      return Rounds.operations(options.ops());
   }

   /** One source's pool through the burst, and when the burst started. */
   private final class Trial {
      private final FaultTrial pool;
      private volatile double burstMs = Double.NaN;

      Trial(PoolLibrary source) {
         StepId id = new StepId(options.workload().name() + " burst", source.name(), options.maxPool(), 1, 1,
               StepId.digits(options.maxPool()));
         pool = new FaultTrial(lab, server, source, id, options.workload(), options.burst(),
               Seconds.nanos(options.idleSeconds() + options.maxSeconds()), new PoolShape(id.poolName(),
                     options.minIdle(), options.maxPool(), options.connectionTimeoutMs()).with(options.times()),
               options.socketTimeoutMs(), 0);
      }
   }

   /** Before the burst: the pool opened, filled to minIdle through the slow handshakes, then left idle. */
   private void open(Trial t) {
      lab.faultProxy().delayConnects(options.connectMs());
      if (!t.pool.open(options.sampleMs(), Seconds.nanos(Budget.step(options.idleSeconds() + options.maxSeconds())))) {
         return;
      }
      lab.stepStarted(String.format(Locale.ROOT, "%s: %d connections filled in %.0f ms, idle %.1f s, then %d users"
                  + " at once", t.pool.step.requestName(), options.minIdle(), t.pool.step.openNanos() / 1e6,
            options.idleSeconds(), options.burst()), t.pool.step.openNanos());
      Think.sleep(Seconds.nanos(options.idleSeconds()));
      t.burstMs = t.pool.recorder.ms(System.nanoTime());
   }

   /** Once the burst's users have left (or the run ends first): the pool read and closed. */
   private List<Outcome> close(Trial t) {
      FaultRecorder recorder = t.pool.recorder;
      String name = t.pool.source.name();
      FaultTrial.After after = t.pool.close();
      BurstResult r;
      if (after == null) {
         r = new BurstResult(name, t.pool.step.openFailure(), null, -1, lab.faultProxy().counts().acceptedCount(), 0,
               Double.NaN, Timing.EMPTY, 0, 0, 0, recorder.failures(), 0, 0, recorder.failedAcquire());
      } else {
         r = result(t, after);
      }
      if (!t.pool.report()) {
         return List.of();
      }
      summary.add(r, after == null ? List.of() : recorder.samples(), t.burstMs);
      FaultTrial.finished(lab, summary.timeline(), name + ": " + BurstText.answer(r, options.minIdle()));
      return List.of();
   }

   /** The JVM ends while the source runs: what it measured until then kept, marked incomplete. */
   private void interrupted(Trial t) {
      FaultTrial.After after = t.pool.interrupt();
      if (after != null && t.pool.report()) {
         BurstResult r = result(t, after);
         summary.addPartial(r, "interrupted", t.pool.recorder.samples(), t.burstMs);
         t.pool.finishedPartial(summary.timeline(), r.source() + ": " + BurstText.answer(r, options.minIdle()),
               "interrupted");
      }
   }

   private BurstResult result(Trial t, FaultTrial.After after) {
      FaultRecorder recorder = t.pool.recorder;
      ProxyCounts counts = lab.faultProxy().counts();
      long expected = (long) options.burst() * options.ops();
      boolean served = recorder.ok() == expected && Double.isFinite(t.burstMs);
      return new BurstResult(t.pool.source.name(), null, served ? recorder.lastEndMs() - t.burstMs : null,
            after.serverConnections(), counts.acceptedCount(), after.throughProxy(), counts.quickestHandshakeMs(),
            recorder.acquire(), recorder.longestAcquireMs(), recorder.ok(), recorder.failed(),
            recorder.failures(), after.longestSampleGapMs(), after.leftOpenAfterClose(), recorder.failedAcquire());
   }

   /** A source's fill through the slow handshakes, idle time and burst, and two socket timeouts. */
   @Override
   double sourceSeconds() {
      return options.idleSeconds() + options.maxSeconds() + Budget.timeouts(2, options.socketTimeoutMs())
            + Budget.timeouts(options.minIdle(), options.connectMs());
   }
}
