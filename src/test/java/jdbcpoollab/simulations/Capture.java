package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import jdbcpoollab.engines.CaptureEngine;
import jdbcpoollab.gatling.BlockingWork;
import jdbcpoollab.run.LabSimulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What does my application send? Every statement other connections send to your server for a while, read from its
 * statement log: a capture file, and its profile by shape, transaction and second, which Replay turns into a pool size.
 *
 * <pre>mvn gatling:test -Dsim=Capture -Ddb.url=jdbc:mysql://db:3306/app -Ddb.user=root -Dseconds=60</pre>
 */
public class Capture extends LabSimulation {

   // Parameters: -Ddb.url, -Dseconds, -Dcapture.log for PostgreSQL (docs/replay.md); bad input ends the run here,
   // before anything starts. The statement log is switched on (or checked) before the load, a refusal in one line.
   private final CaptureEngine capture = host(CaptureEngine.fromSystem());

   // Chains: the capture itself, one request: the log read for -Dseconds, the capture file and profile written, the
   // server's log settings put back.
   private final ChainBuilder listen = exec(BlockingWork.report(CaptureEngine.REQUEST, capture.steps().get(0).take()));

   {
      setUp(scenario(CaptureEngine.REQUEST).exec(listen).injectOpen(atOnceUsers(1)))
            .assertions(capture.assertions())
            .maxDuration(capture.maxDuration());
   }
}
