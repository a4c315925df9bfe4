package jdbcpoollab.run;

import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.Summary;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the scenarios beyond steady state (Outage, Burst, Lifetime) share around their sources: the run's
 * {@link Lab}, the server's counters read on a connection of the lab's own, and the protocol that opens each
 * source's pool before its users and closes it after them, the sources one after another. It owns what it opened:
 * {@link #finish} closes the counters' connection and ends the lab, which closes the database and its proxies.
 */
public final class FaultRun {
   private final Lab lab;
   private final ServerStatus server;
   private final PoolProtocol pools = new PoolProtocol();
   private final List<Step> steps = new ArrayList<>();

   /** A run of one step per source of {@code options}, in their order. */
   FaultRun(String simulation, Options system, SimulationOptions options, int maxConnections, Summary summary,
            Object settings) {
      lab = new Lab(system, RunPlan.of(simulation, options.common(), maxConnections, summary, settings)
            .steps(options.sources().size(), pools::endRun).onInterrupt(pools::interrupt));
      server = new ServerStatus(lab::database);
   }

   Lab lab() {
      return lab;
   }

   ServerStatus server() {
      return server;
   }

   /** A source's step, loaded by {@code users}: {@code open} before the first of them, {@code close} after the last. */
   void add(Step step, int users, Runnable open, Supplier<List<Outcome>> close) {
      steps.add(step);
      pools.loadedBy(step, users, new PoolProtocol.Stage(open, close, step::stop, () -> { }));
   }

   /** The protocol that opens each source's pool before its users load it and closes it once they have left. */
   public PoolProtocol pools() {
      return pools;
   }

   /** One step per source, in the order they run. */
   public List<Step> steps() {
      return List.copyOf(steps);
   }

   /** The run's budget: {@code perSourceSeconds} and a margin for each source, and a minute. */
   Duration maxDuration(double perSourceSeconds) {
      return Duration.ofSeconds((long) (steps.size() * (perSourceSeconds + 30)) + 60);
   }

   /** Before the load: the database, and the statement tried once on it. */
   public void start(Workload workload) {
      lab.start("big", (database, c) -> "not needed");
      lab.tryOnce(workload);
   }

   /** After the load: the counters' connection closed and the lab ended. */
   public void finish() {
      server.close();
      lab.finish();
   }
}
