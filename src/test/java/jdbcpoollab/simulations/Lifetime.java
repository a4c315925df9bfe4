package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Step;
import jdbcpoollab.run.LabSimulation;
import jdbcpoollab.engines.LifetimeEngine;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What happens when connections die underneath the pool? Steady load in rounds with pauses, while the proxy cuts
 * every connection at an age (or the server closes idle ones, {@code wait_timeout}), against each library's maximum
 * lifetime and keepalive: per pool library, operations failed per 1,000 and connections replaced.
 *
 * <pre>mvn gatling:test -Dsim=Lifetime -DcutAfterMs=2000 -DpauseSeconds=3 -Drounds=3 -DmaxLifetimeMs=1500</pre>
 */
public class Lifetime extends LabSimulation {

   // Parameters: -Dpool, -Dusers, -Drounds, -DworkSeconds, -DpauseSeconds, -DcutAfterMs, -DmaxLifetimeMs,
   // -DkeepaliveMs, -Ddb.serverOption=wait_timeout=N … (docs/lifetime.md). Sources (-Dsource, all by default):
   // each gets a pool of -Dpool connections through the lab's fault proxy, filled before load.
   private final LifetimeEngine lifetime = host(LifetimeEngine.fromSystem());
   private final int users = lifetime.options().users();

   // Chains: every user runs the statement back to back on a thread of its own for a round, pauses, and again; the
   // protocol opens the source's pool before and closes it once the last user has left.
   private ChainBuilder rounds(Step step) {
      return exec(Jdbc.closedLoop(step, lifetime.rounds()));
   }

   // Scenario: every user goes from source to source, each source once the one before has been closed.
   private ScenarioBuilder sources() {
      return scenario("lifetime").exec(lifetime.pools().stepByStep(lifetime.steps(), this::rounds));
   }

   {
      setUp(sources().injectOpen(atOnceUsers(users)))
            .protocols(lifetime.pools())
            .maxDuration(lifetime.maxDuration());
   }
}
