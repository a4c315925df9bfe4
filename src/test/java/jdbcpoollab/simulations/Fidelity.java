package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.gatling.PluginPools;
import jdbcpoollab.gatling.Sequence;
import jdbcpoollab.load.Step;
import jdbcpoollab.engines.FidelityEngine;
import jdbcpoollab.engines.FidelityTurn;
import jdbcpoollab.run.LabSimulation;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static org.galaxio.gatling.javaapi.JdbcDsl.DB;
import static org.galaxio.gatling.javaapi.JdbcDsl.jdbc;

/**
 * Does the lab measure the pool, or itself? Per workload and pool size, on the same database, the statement in a
 * closed loop three ways: the lab's Gatling action (as PoolSweep runs it), the reference (plain Java threads with a
 * loop of their own), and the community JDBC plugin; plus S1, one thread on one connection, for ceiling pool / S1.
 * The lab and the plain threads run three interleaved rounds, the plugin and S1 one.
 *
 * <pre>mvn gatling:test -Dsim=Fidelity -Dworkloads=wait,point -Dpools=1,8,64 -Dusers=64 -Dseconds=5 -Drounds=3</pre>
 */
public class Fidelity extends LabSimulation {

   // Parameters: -Dworkloads, -Dpools, -Drounds, -Dusers, -Dseconds, -Dwarmup … (docs/fidelity.md). Sources: every
   // contender gets the same HikariCP configuration, filled before load.
   private final FidelityEngine bench = host(FidelityEngine.fromSystem());
   private final int users = bench.options().users();

   // Chains: the lab's exactly as PoolSweep's (each user loops on a thread of its own until the window closes); the
   // plugin's an asLongAs loop around its query, as a Gatling user would write it.
   private ChainBuilder closedLoop(Step step) {
      return exec(Jdbc.closedLoop(step));
   }

   private ChainBuilder pluginLoop(FidelityTurn.Plugin p) {
      return asLongAs(session -> p.running()).on(exec(jdbc(p.name()).query(p.sql())))
            .exec(PluginPools.closeAfterLast("close " + p.name(), users));
   }

   // Scenarios, one per contender, workload, pool size and round: the lab's users, the plugin's users (first round
   // only); the reference's threads, S1 and the ratios are the bench's tasks between them.
   private PopulationBuilder lab(Step step) {
      return scenario(step.requestName()).exec(closedLoop(step)).injectOpen(atOnceUsers(users));
   }

   private PopulationBuilder plugin(FidelityTurn.Plugin p) {
      return scenario(p.name()).exec(pluginLoop(p)).injectOpen(atOnceUsers(users))
            .protocols(DB().hikariConfig(p.pool().handed()));
   }

   {
      Sequence sequence = new Sequence();
      bench.steps().forEach(turn -> turn.addTo(sequence, this::lab, this::plugin));
      setUp(sequence.chain()).protocols(bench.pools()).assertions(bench.assertions()).maxDuration(bench.maxDuration());
   }
}
