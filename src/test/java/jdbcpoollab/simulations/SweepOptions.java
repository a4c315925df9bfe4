package jdbcpoollab.simulations;

import java.util.List;

/** The options of PoolSweep, read and checked before anything is started. */
public record SweepOptions(List<Integer> pools, int users, double seconds, double warmup, List<String> workloads,
                           String sql, int sleepMs, int rows, int connectionTimeoutMs, Target target) {

   public static SweepOptions from(Options o) {
      List<String> workloads = o.choices("workloads", "wait,cpu", Workloads.NAMES);
      return new SweepOptions(
            o.integers("pools", "1,2,4,8,16,32,64", 1, 1_000),
            o.integer("users", 64, 1, 10_000),
            o.decimal("seconds", 5, 0, 3_600, true),
            o.decimal("warmup", 2, 0, 3_600, false),
            workloads,
            Workloads.customSql(o, workloads),
            o.integer("sleepMs", 5, 0, 60_000),
            o.integer("rows", 100_000, 1, 100_000_000),
            o.integer("connectionTimeoutMs", 30_000, 250, 3_600_000),
            Target.from(o));
   }

   /** The statement a workload runs. */
   public String statement(String workload) {
      return Workloads.sql(workload, target.dialect(), sleepMs, sql);
   }

   /** Rows of the big table to seed: none unless the cpu workload scans it. */
   public int tableRows() {
      return workloads.contains("cpu") ? rows : 0;
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }
}
