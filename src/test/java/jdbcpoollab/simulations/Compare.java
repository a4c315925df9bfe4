package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.run.CompareOnly;

/**
 * Two finished runs side by side: their steps' throughput and latencies, step by step, on one page in the results
 * folder. Nothing is run and no database started: the page is written as the simulation is made, in Maven's
 * preflight, and Gatling never starts.
 *
 * <pre>mvn gatling:test -Dsim=Compare -Dcompare=20250101-120000-PoolSweep,20250102-090000-PoolSweep</pre>
 */
public class Compare extends Simulation {
   {
      CompareOnly.run();
   }
}
