package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.gatling.PluginPools;
import jdbcpoollab.gatling.Sequence;
import jdbcpoollab.load.Step;
import jdbcpoollab.run.FidelityBench.Block;
import jdbcpoollab.run.FidelityBench;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static org.galaxio.gatling.javaapi.JdbcDsl.DB;
import static org.galaxio.gatling.javaapi.JdbcDsl.jdbc;

/**
 * Does the lab measure the pool, or itself? Per workload and pool size, on the same database, the statement in a
 * closed loop three ways: the lab's Gatling action (as PoolSweep runs it), plain Java threads timed by the same
 * recorder, and the community JDBC plugin; plus S1, one thread on one connection, for Little's-law ceiling pool / S1.
 * The lab and the plain threads run three interleaved rounds, the plugin and S1 one.
 *
 * <pre>mvn gatling:test -Dsim=Fidelity -Dworkloads=wait,point -Dpools=1,8,64 -Dusers=64 -Dseconds=5 -Drounds=3</pre>
 */
public class Fidelity extends Simulation {

   // Parameters: -Dworkloads, -Dpools, -Drounds, -Dusers, -Dseconds, -Dwarmup … (docs/fidelity.md). Sources: every
   // contender gets the same HikariCP configuration, filled before load.
   private final FidelityBench bench = FidelityBench.fromSystem();
   private final int users = bench.options().users();

   // Chains: the lab's exactly as PoolSweep's (the first user in opens the pool, each loops on a thread of its own
   // until the window closes, the last one out closes the pool); the plugin's an asLongAs loop around its query, as a
   // Gatling user would write it.
   private ChainBuilder enter(Block b) {
      return exec(Jdbc.task("enter " + b.lab().requestName(), () -> bench.enterLab(b)));
   }

   private ChainBuilder closedLoop(Step step) {
      return exec(Jdbc.closedLoop(step));
   }

   private ChainBuilder leave(Block b) {
      return exec(Jdbc.report("leave " + b.lab().requestName(), () -> bench.leaveLab(b)));
   }

   private ChainBuilder pluginLoop(Block b) {
      return asLongAs(session -> b.pluginRunning()).on(exec(jdbc(b.name("plugin")).query(b.sql())))
            .exec(PluginPools.closeAfterLast("close " + b.name("plugin"), users));
   }

   // Scenarios, one per contender, workload, pool size and round: the lab's users, the plain threads (a task), the
   // plugin's users (first round only).
   private void lab(Block b, Sequence sequence) {
      sequence.load(scenario(b.lab().requestName()).exec(enter(b), closedLoop(b.lab()), leave(b))
            .injectOpen(atOnceUsers(users)));
   }

   private void raw(Block b, Sequence sequence) {
      sequence.task(b.name("raw"), () -> bench.runRaw(b));
   }

   private void plugin(Block b, Sequence sequence) {
      sequence.task(b.name("plugin") + " start", () -> bench.pluginStarts(b));
      sequence.load(scenario(b.name("plugin")).exec(pluginLoop(b)).injectOpen(atOnceUsers(users))
            .protocols(DB().hikariConfig(b.pluginConfig())));
      sequence.task(b.name("plugin") + " end", () -> bench.pluginEnded(b));
   }

   {
      setUp(bench.sequence(this::lab, this::raw, this::plugin).chain()).maxDuration(bench.maxDuration());
   }

   @Override
   public void before() {
      bench.start();
   }

   @Override
   public void after() {
      bench.finish();
   }
}
