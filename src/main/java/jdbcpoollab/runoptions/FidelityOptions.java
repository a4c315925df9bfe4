package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.settings.FidelitySettings;
import jdbcpoollab.workloads.CustomWorkload;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.util.List;

/**
 * The options of Fidelity, read and checked before anything is started.
 *
 * @param common    the options it shares with other simulations: users, pools, window, target, timeout
 * @param s1Seconds how long one thread runs the statement on one connection to measure S1, per pool size
 * @param workloads the workloads every contender runs, in the order of {@code -Dworkloads}
 * @param rounds    how many times the lab and the plain threads run each workload at each pool size
 * @param twin      whether a second run of the plain threads joins each block, the reference against itself: the
 *                  machine's own spread, the yardstick for the lab's ratio
 */
public record FidelityOptions(CommonOptions common, double s1Seconds, List<Workload> workloads, int rounds,
                              boolean twin)
      implements SimulationOptions {

   /** The shared options Fidelity takes, with its defaults. */
   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(64).withPools("1,8,64").withWindow()
         .withRounds(100);
   /** The options Fidelity reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(Declared.S1_SECONDS, Declared.TWIN,
         Declared.WORKLOADS.withDefault(List.of("wait", "point"))), Workloads.OPTIONS, GateOptions.DECLARED);

   public static FidelityOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      FidelityOptions options = new FidelityOptions(
            common,
            o.read(Declared.S1_SECONDS),
            Workloads.DEFAULT.choose(o, "wait,point", common.target().dialect()).workloads(),
            common.variants().rounds(),
            o.read(Declared.TWIN).equals("true"));
      CustomWorkload.refuseQueue(o, "Fidelity's contenders draw from one feeder, so a queue would give each record"
            + " to one of them and run dry; use random or circular");
      // Fidelity states no gate to Gatling, so a failed one could not end the run with 2
      if (GateOptions.from(o).any()) {
         throw new OptionException("bad option -Dassert.* or -Dbaseline: gates are checked on PoolSweep's and "
               + "RateSweep's steps; Fidelity has none (its table says which targets the lab missed)");
      }
      return options;
   }

   /** The settings summary.json records for this benchmark; every contender's pool is the registry's HikariCP. */
   public FidelitySettings settings(String plugin) {
      return new FidelitySettings(PoolLibraries.DEFAULT.named("hikari").describeFixedSize()
            + ", the same configuration for all three",
            String.join("; ", workloads.stream().map(w -> w.name() + ": " + w.statement()).toList()), users(),
            seconds(), warmup(), s1Seconds, pools(), rounds, plugin);
   }

   /** Rows of the {@code big} table the workloads read; 0 when none. */
   public int tableRows() {
      return Workload.bigTableRows(workloads);
   }


   /**
    * Connections open at once at most: the plugin opens all its pools at start-up (per workload, one per pool size
    * and one for the warm-up round), beside the lab's or the raw threads' pool and S1's connection.
    */
   public int maxConnections() {
      return workloads.size() * (pools().stream().mapToInt(Integer::intValue).sum() + largestPool()) + largestPool()
            + 1;
   }
}
