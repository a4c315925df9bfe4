package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Step;
import jdbcpoollab.engines.BurstEngine;
import jdbcpoollab.run.LabSimulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What does a dynamic pool do when many users arrive at once and opening a connection is slow? Per pool library: how
 * soon the burst is served, how many physical connections the pool opens for it, and how long getConnection waits.
 *
 * <pre>mvn gatling:test -Dsim=Burst -DminIdle=5 -DmaxPool=50 -DconnectMs=150 -Dburst=50 -Dops=20</pre>
 */
public class Burst extends LabSimulation {

   // Parameters: -DminIdle, -DmaxPool, -DidleTimeoutMs, -DconnectMs, -Dburst, -Dops, -DidleSeconds, -DsampleMs …
   // (docs/burst.md). Sources (-Dsource, all by default): each gets a pool of minIdle to maxPool connections
   // through the lab's fault proxy, every new connection's handshake connectMs late.
   private final BurstEngine burst = host(BurstEngine.fromSystem());
   private final int users = burst.options().burst();

   // Chains: every user does its operations back to back on a thread of its own; the protocol opens the source's
   // pool first, fills it to minIdle and leaves it idle, and closes it once the last user has left.
   private ChainBuilder operations(Step step) {
      return exec(Jdbc.closedLoop(step, burst.rounds()));
   }

   // Scenario: every user goes from source to source, each source once the one before has been closed.
   private ScenarioBuilder sources() {
      return scenario("burst").exec(burst.pools().stepByStep(burst.steps(), this::operations));
   }

   {
      setUp(sources().injectOpen(atOnceUsers(users)))
            .protocols(burst.pools())
            .maxDuration(burst.maxDuration());
   }
}
