package jdbcpoollab.engines;

import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.load.OpenWarmup;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.run.Console;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The open model's JVM warm-up ({@link OpenWarmup}) as steps of its own before the first (RateSweep's, Replay's): the
 * first step's pool size and source, its request threads and its arrivals (RateSweep's rate, Replay's capture at the
 * first speed) through the same Gatling arrival action, on a pool of its own closed after, its numbers dropped. It
 * runs in two phases ({@link #phases}), each a step: the end of a step (its request threads stopped, its pool closed)
 * throws away code the JIT compiled for the load (on 2 cores, 447 deoptimisations as the first warm-up's request
 * threads stopped, the pool's and the driver's read path among them), which the first measured step then compiled
 * again; the second phase compiles it instead. The console says what each ran and how hard the JIT compiled in each
 * of its seconds.
 */
final class ArrivalWarmup {
   static final String NAME = "jvm warm-up";
   private final OpenStep step;
   private final Duration during;
   private final OpenWarmup warmup;
   private final String on;
   private final String ran;
   private final Console console;
   private volatile long opened;

   private ArrivalWarmup(OpenStep step, Duration during, OpenWarmup warmup, String on, String ran, Console console) {
      this.step = step;
      this.during = during;
      this.warmup = warmup;
      this.on = on;
      this.ran = ran;
      this.console = console;
   }

   /**
    * The warm-up {@code step}, whose recorder is {@code recorder}, its arrivals {@code during} long, before the step
    * named {@code firstStep}, registered with {@code pools}; {@code ran} says what it sends.
    */
   static ArrivalWarmup before(String firstStep, OpenStep step, StepRecorder recorder, Duration during, String ran,
                               Console console, PoolProtocol pools) {
      ArrivalWarmup warmup = new ArrivalWarmup(step, during, new OpenWarmup(step, recorder), firstStep, ran, console);
      pools.arrivals(step, new PoolProtocol.Stage(warmup::open, warmup::close, warmup.warmup::stop, () -> { }));
      return warmup;
   }

   /**
    * The warm-up's phases of {@code seconds} in all, in whole seconds each: a third (at least one), after the rest;
    * one phase under two seconds.
    */
   static List<Long> phases(double seconds) {
      long all = (long) Math.ceil(seconds);
      if (all < 2) {
         return List.of(all);
      }
      long second = Math.max(1, all / 3);
      return List.of(all - second, second);
   }

   /**
    * The warm-up's phases before the first of {@code planned} steps, each made by {@code phase} from its name and
    * length; none when nothing is planned or {@code seconds} is not positive.
    */
   static List<ArrivalWarmup> plan(List<?> planned, double seconds,
                                   BiFunction<String, Duration, ArrivalWarmup> phase) {
      List<Long> phases = planned.isEmpty() || seconds <= 0 ? List.of() : phases(seconds);
      List<ArrivalWarmup> warmups = new ArrayList<>();
      for (int i = 0; i < phases.size(); i++) {
         warmups.add(phase.apply(name(i + 1, phases.size()), Duration.ofSeconds(phases.get(i))));
      }
      return warmups;
   }

   /** The name of phase {@code phase} (from 1) of {@code phases}: {@code jvm warm-up 1}, or the name alone for one. */
   static String name(int phase, int phases) {
      return phases == 1 ? NAME : NAME + " " + phase;
   }

   /** The step whose arrivals the simulation injects, as it injects every step's. */
   OpenStep step() {
      return step;
   }

   /** How long its requests arrive. */
   Duration during() {
      return during;
   }

   private void open() {
      opened = System.nanoTime();
      warmup.open();
   }

   private List<Outcome> close() {
      OpenWarmup.Outcome outcome;
      try {
         outcome = warmup.close();
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         return List.of();
      }
      console.say(outcome.failure() != null ? step.requestName() + " skipped: its pool did not open: "
            + outcome.failure() : String.format(Locale.ROOT, "%s on %s, %s: %.1f s, %,d requests served, %s",
            step.requestName(), on, ran,
            (System.nanoTime() - opened) / 1e9, outcome.served(), jit(outcome)));
      return List.of();
   }

   private String jit(OpenWarmup.Outcome outcome) {
      if (outcome.jitMs().isEmpty()) {
         return "the JVM does not count its JIT's compile time";
      }
      String seconds = outcome.jitMs().stream().map(String::valueOf).collect(Collectors.joining(", "));
      return "the JIT compiling " + seconds + " ms in each second: " + (outcome.quiet()
            ? "quiet (under " + JvmPeaks.JIT_QUIET_MS + " ms a second) in its last seconds"
            : step.requestName().equals(name(1, 2)) ? "still compiling (the second phase warms it further)"
            : "still compiling at its end (a longer -DjvmWarmup warms it further)");
   }
}
