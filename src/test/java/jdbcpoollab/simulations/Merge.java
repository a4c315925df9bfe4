package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.run.MergeOnly;

/**
 * One run from runs of one plan measured at the same time by several load generators: their histograms merged,
 * their throughputs summed, in a run folder of its own. Nothing is run and no database started: the run folder is
 * written as the simulation is made, in Maven's preflight, and Gatling never starts.
 *
 * <pre>mvn gatling:test -Dsim=Merge -Dmerge=20250101-120000-PoolSweep,20250101-120001-PoolSweep</pre>
 */
public class Merge extends Simulation {
   {
      MergeOnly.run();
   }
}
