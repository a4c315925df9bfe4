package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.run.LabSimulation;
import jdbcpoollab.engines.RateSweepEngine;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * For my traffic, which pool? Requests arrive at the same rate (an open model: arrivals do not wait for earlier
 * ones) against a pool of each size in turn, each served by one of the application's request threads; every time
 * runs from the arrival. Beside each step, the M/M/c (Erlang C) prediction for that pool.
 *
 * <pre>mvn gatling:test -Dsim=RateSweep -Drate=1500 -DsloP99Ms=20 -Dpools=4,8,16,32 -Dthreads=200</pre>
 */
public class RateSweep extends LabSimulation {

   // Parameters: -Drate, -DsloP99Ms, -Dthreads, -Dpools, -Dseconds, -Dfrom … (docs/ratesweep.md); bad input ends the
   // run here, before anything starts. Sources: each step gets a pool of its size, filled before the first arrival.
   private final RateSweepEngine sweep = host(RateSweepEngine.fromSystem());

   // Chains: each arriving user is one request, handed to a request thread, which borrows a connection, runs the
   // statement and gives it back; the user leaves when its request has ended.
   private ChainBuilder request(OpenStep step) {
      return exec(Jdbc.arrival(step));
   }

   // Scenario: one per step, users arriving at the rate at random intervals for the step's warm-up and window. The
   // protocol opens the step's pool before the first arrival and closes it (and reports the step) after the last.
   private PopulationBuilder arrivals(OpenStep step) {
      return scenario(step.requestName()).exec(request(step)).injectOpen(sweep.arrivals(step));
   }

   {
      setUp(sweep.pools().oneAfterAnother(sweep.steps(), this::arrivals))
            .protocols(sweep.pools())
            .assertions(sweep.assertions())
            .maxDuration(sweep.maxDuration());
   }
}
