package jdbcpoollab.engines;

import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.JvmWarmup;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.workloads.StandIn;
import jdbcpoollab.workloads.Workload;

import java.util.List;
import java.util.Locale;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Console;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.PoolSweepOptions;

/**
 * PoolSweep's JVM warm-up ({@link JvmWarmup}) as a step of its own before the first: the first step's pool size and
 * source, loaded by as many users through the same Gatling action, unmeasured, on a pool of its own closed after. A
 * workload harmless to repeat runs itself; one of the user's own that writes or uses up a queue feeder runs its
 * {@link StandIn} unless {@code -DjvmWarmup.own=true}. The console says what it ran.
 */
final class SweepWarmup {
   static final String NAME = "jvm warm-up";
   private final Step step;
   private final JvmWarmup warmup;
   private final String on;
   private final String ran;
   private final PoolSweepOptions options;
   private final Console console;
   private volatile long opened;

   private SweepWarmup(Step step, JvmWarmup warmup, String on, String ran, PoolSweepOptions options,
                       Console console) {
      this.step = step;
      this.warmup = warmup;
      this.on = on;
      this.ran = ran;
      this.options = options;
      this.console = console;
   }

   /**
    * The warm-up before {@code first} (at {@code place}), registered with {@code pools}; null when
    * {@code -DjvmWarmup=0}.
    */
   static SweepWarmup before(String firstStep, SweepPlace place, PoolSweepOptions options, Lab lab, PoolProtocol pools) {
      if (options.jvmWarmup() <= 0) {
         return null;
      }
      Workload own = place.workload();
      boolean itself = own.harmlessToRepeat() || options.jvmWarmupLimits().own();
      Workload runs = itself ? own : StandIn.of(own, options.common().target().dialect());
      StepRecorder recorder = new StepRecorder(StepId.of(NAME, place.pool()), options.users(), 0,
            Seconds.nanos(options.jvmWarmup()));
      Step step = new Step(runs, NAME, () -> place.openOne(place.database(lab), "lab-jvm-warmup",
            options.connectionTimeoutMs()), recorder, options.think(own), 0);
      step.threads(options.threads());
      String ran = itself ? "its own statements"
            : "harmless statements of its shape, each a SELECT of the values it binds (-DjvmWarmup.own=true runs"
                  + " your own)";
      SweepWarmup warmup = new SweepWarmup(step, new JvmWarmup(step, recorder, options.jvmWarmupLimits()
            .operations()), firstStep, ran, options, lab.console());
      pools.loadedBy(step, options.users(), new PoolProtocol.Stage(warmup::open, warmup::close));
      return warmup;
   }

   /** The step the simulation's users load, as they load every step of the sweep. */
   Step step() {
      return step;
   }

   private void open() {
      opened = System.nanoTime();
      warmup.open();
   }

   private List<Outcome> close() {
      JvmWarmup.Outcome outcome;
      try {
         outcome = warmup.close();
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         return List.of();
      }
      console.say(outcome.failure() != null ? "JVM warm-up skipped: its pool did not open: " + outcome.failure()
            : String.format(Locale.ROOT, "JVM warm-up on %s, %s: %.1f s, %,d operations, per second %s, %s", on, ran,
            (System.nanoTime() - opened) / 1e9, outcome.operations(), outcome.perSecond(), ending(outcome)));
      return List.of();
   }

   private String ending(JvmWarmup.Outcome outcome) {
      if (outcome.settled()) {
         return "settled (three seconds within 5%" + (outcome.jitMs().isEmpty() ? ")"
               : ", the JIT compiling under " + JvmPeaks.JIT_QUIET_MS + " ms a second)");
      }
      return outcome.operations() >= options.jvmWarmupLimits().operations()
            ? "stopped at -DjvmWarmup.ops=" + options.jvmWarmupLimits().operations()
            : "not settled within -DjvmWarmup=" + options.jvmWarmup() + " s" + (outcome.jitMs().isEmpty() ? ""
            : " (the JIT compiling " + outcome.jitMs().get(outcome.jitMs().size() - 1) + " ms in its last second)");
   }
}
