package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Step;
import jdbcpoollab.run.LabSimulation;
import jdbcpoollab.engines.OutageEngine;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What does the pool do when the database goes away? Steady closed-loop load, then the database unreachable for a
 * while (the proxy refuses connections, or swallows every byte without a reset), then back: per pool library, the
 * longest getConnection against its timeout, the operations that failed and how, and how soon it is back.
 *
 * <pre>mvn gatling:test -Dsim=Outage -Ddown=blackhole -DdownSeconds=5 -DconnectionTimeoutMs=2000 -Dsource=hikari</pre>
 */
public class Outage extends LabSimulation {

   // Parameters: -Ddown, -DdownSeconds, -DsteadySeconds, -DafterSeconds, -Dpool, -Dusers, -DconnectionTimeoutMs,
   // -DsocketTimeoutMs … (docs/outage.md). Sources (-Dsource, all by default): each gets a pool of -Dpool
   // connections through the lab's fault proxy, filled before load.
   private final OutageEngine outage = host(OutageEngine.fromSystem());
   private final int users = outage.options().users();

   // Chains: every user runs the statement back to back on a thread of its own, through the steady load, the outage
   // and the return; the protocol opens the source's pool before (the outage is timed from then) and closes it once
   // the last user has left.
   private ChainBuilder closedLoop(Step step) {
      return exec(Jdbc.closedLoop(step));
   }

   // Scenario: every user goes from source to source, each source once the one before has been closed.
   private ScenarioBuilder sources() {
      return scenario("outage").exec(outage.pools().stepByStep(outage.steps(), this::closedLoop));
   }

   {
      setUp(sources().injectOpen(atOnceUsers(users)))
            .protocols(outage.pools())
            .maxDuration(outage.maxDuration());
   }
}
