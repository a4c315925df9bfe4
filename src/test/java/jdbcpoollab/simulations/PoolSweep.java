package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.ClosedStep;
import jdbcpoollab.run.LabSimulation;
import jdbcpoollab.engines.PoolSweepEngine;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * How big should the pool be? The same closed-loop load (every user runs the statement back to back, no think time)
 * against a pool of each size in turn: a warm-up, then a measured window, per workload and pool size.
 *
 * <pre>mvn gatling:test -Dsim=PoolSweep -Dpools=1,2,4,8,16,32,64 -Dusers=64 -Dseconds=5 -Dworkloads=wait,cpu</pre>
 */
public class PoolSweep extends LabSimulation {

   // Parameters: -Dpools, -Dusers, -Dseconds, -Dwarmup, -Dworkloads … (docs/poolsweep.md); bad input ends the run
   // here, before anything starts. Sources (-Dsource, -Ddriver): each step gets a pool of its size, filled before load.
   private final PoolSweepEngine sweep = host(PoolSweepEngine.fromSystem());
   private final int users = sweep.options().users();

   // Chains: every user runs the statement back to back on a thread of its own until the step's window closes. The
   // protocol opens the step's pool before (the users wait for the fill) and closes it once the last one has left.
   private ChainBuilder closedLoop(ClosedStep step) {
      return exec(Jdbc.closedLoop(step));
   }

   // Scenario: every user goes from step to step, each once the one before has closed; the last few chosen as it goes.
   private ScenarioBuilder steps() {
      return scenario("pool sweep").exec(sweep.pools().stepByStep(sweep.steps(), this::closedLoop));
   }

   {
      setUp(steps().injectOpen(atOnceUsers(users)))
            .protocols(sweep.pools())
            .assertions(sweep.assertions())
            .maxDuration(sweep.maxDuration());
   }
}
