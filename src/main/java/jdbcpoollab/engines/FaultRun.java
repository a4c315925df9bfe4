package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.Summary;
import jdbcpoollab.settings.RunSettings;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Schema;
import jdbcpoollab.run.Experiment;
import jdbcpoollab.runoptions.FaultOptions;

/**
 * What the engines of the scenarios beyond steady state (Outage, Burst, Lifetime) share: one step per source, the
 * run's {@link Lab} planned with one step each, the server's counters read on a connection of the lab's own, and the
 * protocol that opens each source's pool before its users and closes it after them, the sources one after another.
 * It owns what it opened: {@link #finish} closes the counters' connection and ends the lab, which closes the
 * database and its proxies.
 *
 * @param <O> the scenario's options
 * @param <S> the scenario's summary, which every source's result adds to
 */
public abstract class FaultRun<O extends FaultOptions, S extends Summary> implements Experiment<O, Step> {
   final O options;
   final S summary;
   final Lab lab;
   final ServerStatus server;
   private final PoolProtocol pools = new PoolProtocol();
   private final List<Step> steps = new ArrayList<>();

   /** A run of one step per source of {@code options}, in their order; the engine adds them ({@link #add}). */
   FaultRun(String simulation, Options system, O options, int maxConnections, S summary, RunSettings settings) {
      this.options = options;
      this.summary = summary;
      lab = new Lab(system, RunPlan.of(simulation, options.common(), maxConnections, summary, settings)
            .steps(options.sources().size(), pools::endRun).onInterrupt(pools::interrupt));
      server = new ServerStatus(lab::database);
   }

   @Override
   public O options() {
      return options;
   }

   /**
    * A source's step, loaded by {@code users}: {@code open} before the first of them, {@code close} after the last,
    * {@code interrupt} to keep what it measured when the JVM ends while it runs (then the run's end closes nothing).
    * A source the run ended before is neither closed nor reported.
    */
   void add(FaultTrial trial, int users, Runnable open, Supplier<List<Outcome>> close, Runnable interrupt) {
      Step step = trial.step;
      steps.add(step);
      pools.loadedBy(step, users, new PoolProtocol.Stage(open, () -> trial.toClose() ? close.get() : List.of(),
            step::stop, interrupt));
   }

   /** The protocol that opens each source's pool before its users load it and closes it once they have left. */
   @Override
   public PoolProtocol pools() {
      return pools;
   }

   /** One step per source, in the order they run. */
   @Override
   public List<Step> steps() {
      return List.copyOf(steps);
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: every source's {@link #sourceSeconds}. */
   @Override
   public Duration maxDuration() {
      return Budget.of(steps.size(), sourceSeconds(), 0);
   }

   /** What a source's step takes of its own, the timeouts it may wait out included. */
   abstract double sourceSeconds();

   /** Before the load: the database, and the statement tried once on it. */
   @Override
   public void start() {
      lab.start(Schema.BIG, Schema.bigTable(0));
      lab.tryOnce(options.workload());
   }

   /** After the load: the counters' connection closed and the lab ended. */
   @Override
   public void finish() {
      server.close();
      lab.finish();
   }
}
