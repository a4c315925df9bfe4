package jdbcpoollab.run;

import jdbcpoollab.db.Target;
import jdbcpoollab.options.Options;
import jdbcpoollab.settings.FidelitySettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.util.List;

/**
 * The options of Fidelity, read and checked before anything is started.
 *
 * @param s1Seconds how long one thread runs the statement on one connection to measure S1, per pool size
 * @param workloads the workloads every contender runs, in the order of {@code -Dworkloads}
 * @param rounds    how many times the lab and the plain threads run each workload at each pool size
 */
public record FidelityOptions(List<Integer> pools, int users, double seconds, double warmup, double s1Seconds,
                              List<Workload> workloads, int rounds, int connectionTimeoutMs, Target target) {

   public static FidelityOptions from(Options o) {
      Target target = Target.from(o);
      return new FidelityOptions(
            o.integers("pools", "1,8,64", 1, 1_000),
            o.integer("users", 64, 1, 10_000),
            o.decimal("seconds", 5, 0, 3_600, true),
            o.decimal("warmup", 2, 0, 3_600, false),
            o.decimal("s1Seconds", 2, 0, 3_600, true),
            Workloads.DEFAULT.choose(o, "wait,point", target.dialect()).workloads(),
            o.integer("rounds", 3, 1, 100),
            o.integer("connectionTimeoutMs", 30_000, 250, 3_600_000),
            target);
   }

   /** The settings summary.json records for this benchmark. */
   public FidelitySettings settings(String plugin) {
      return new FidelitySettings("hikari (minimumIdle = maximumPoolSize = pool), the same configuration for all three",
            String.join("; ", workloads.stream().map(w -> w.name() + ": " + w.statement()).toList()), users,
            seconds, warmup, s1Seconds, pools, rounds, plugin);
   }

   /** Rows of the {@code big} table the workloads read; 0 when none. */
   public int tableRows() {
      return Workloads.bigTableRows(workloads);
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }

   /**
    * Connections open at once at most: the plugin opens all its pools at start-up (per workload, one per pool size
    * and one for the warm-up round), beside the lab's or the raw threads' pool and S1's connection.
    */
   public int maxConnections() {
      return workloads.size() * (pools.stream().mapToInt(Integer::intValue).sum() + largestPool()) + largestPool() + 1;
   }
}
