package jdbcpoollab.engines;

import jdbcpoollab.load.PoolReturns;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;

/**
 * Everything Fidelity runs for one workload at one pool size in one round ({@code at}): S1, the lab's users, the
 * reference's plain threads, their twin (null unless asked for) and the plugin's users with its pool's count of the
 * connections given back.
 */
record FidelityBlock(FidelityPlace at, FidelityReference s1, Contender lab, FidelityReference raw,
                     FidelityReference twin, FidelityTurn.Plugin plugin, PoolReturns pluginReturns) {

   /** The lab's contender: its step, the step's recorder, and its pool's count of connections given back. */
   record Contender(Step step, StepRecorder recorder, PoolReturns returns) {
   }

   /**
    * Whether the plugin's users run this block: in the first round, for a statement without bind parameters. The
    * plugin's plain query sends the statement as it is, so a statement with {@code ?} (or a file of statements bound
    * from a feeder) would fail on every call and its pool would still count the connections given back: its column
    * stays empty (n/a) instead.
    */
   boolean pluginRuns() {
      return at.firstRound() && at.workload().plainQuery();
   }

   /** How long the plugin's window has been open, all of it once it has closed. */
   double pluginSeconds() {
      return plugin.window().result(System.nanoTime()).counts().seconds();
   }
}
