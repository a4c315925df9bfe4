package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.run.LabSimulation;
import jdbcpoollab.engines.ReplayEngine;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * For the traffic I captured, which pool, today and at twice or four times the rate? The capture's requests arrive
 * at their captured times divided by each speed, against a pool of each size in turn; every time runs from the
 * arrival. Beside each speed's answer, the M/M/c (Erlang C) prediction.
 *
 * <pre>mvn gatling:test -Dsim=Replay -Dcapture=20260101-120000-Capture -Dspeed=1,2,4 -Dpools=4,8,16 -DsloP99Ms=20</pre>
 */
public class Replay extends LabSimulation {

   // Parameters: -Dcapture, -Dspeed, -Dpools, -DsloP99Ms, -Dthreads, -Dreplay.writes, -Dreplay.sameServer …
   // (docs/replay.md); bad input, a capture of another product or one that writes ends the run here.
   private final ReplayEngine replay = host(ReplayEngine.fromSystem());

   // Chains: each arriving user is one captured request (a transaction or one statement), handed to a request
   // thread, which borrows a connection, sends its statements with their captured gaps and gives it back.
   private ChainBuilder request(OpenStep step) {
      return exec(Jdbc.arrival(step));
   }

   // Scenario: one per step, users arriving at the captured times divided by the step's speed. The protocol opens
   // the step's pool before the first arrival and closes it (and reports the step) after the last.
   private PopulationBuilder arrivals(OpenStep step) {
      return scenario(step.requestName()).exec(request(step)).injectOpen(replay.arrivals(step));
   }

   {
      setUp(replay.pools().oneAfterAnother(replay.steps(), this::arrivals))
            .protocols(replay.pools())
            .assertions(replay.assertions())
            .maxDuration(replay.maxDuration());
   }
}
