package jdbcpoollab.run;

import jdbcpoollab.db.Target;
import jdbcpoollab.options.Options;
import jdbcpoollab.settings.SweepSettings;
import jdbcpoollab.workloads.Workloads;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The options of PoolSweep, read and checked before anything is started. */
public record SweepOptions(List<Integer> pools, int users, double seconds, double warmup, List<String> workloads,
                           String sql, int sleepMs, int rows, int connectionTimeoutMs, double recoverSeconds,
                           Target target, double acquireP99Ms, List<Path> compare) {

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
            o.decimal("recoverSeconds", 10, 0, 3_600, false),
            Target.from(o),
            o.decimal("acquireP99Ms", SweepSettings.DEFAULT_ACQUIRE_P99_MS, 0, 3_600_000, true),
            runs(o, "compare"));
   }

   /** One or two run folders of the results folder (each holding a summary.json), given by name or path. */
   private static List<Path> runs(Options o, String name) {
      String raw = o.string(name, null);
      if (raw == null) {
         return List.of();
      }
      Path results = Path.of(o.string("lab.results", "results"));
      String allowed = "one or two run folders of " + results.toAbsolutePath().normalize()
            + ", comma-separated, each holding a summary.json";
      List<Path> runs = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         Path file = part.isBlank() ? null : Path.of(part.trim()).getFileName();
         Path run = file == null ? null : results.resolve(file);
         if (run == null || runs.contains(run) || !Files.isRegularFile(run.resolve("summary.json"))) {
            throw Options.bad(name, raw, allowed);
         }
         runs.add(run);
      }
      if (runs.size() > 2) {
         throw Options.bad(name, raw, allowed);
      }
      return List.copyOf(runs);
   }

   /** The statement a workload runs. */
   public String statement(String workload) {
      return Workloads.sql(workload, target.dialect(), sleepMs, sql);
   }

   /** Rows of the big table to seed: none unless the cpu workload scans it. */
   public int tableRows() {
      return workloads.contains("cpu") ? rows : 0;
   }

   /** The settings summary.json records for this sweep. */
   public SweepSettings settings() {
      Map<String, String> queries = new LinkedHashMap<>();
      workloads.forEach(w -> queries.put(w, statement(w)));
      return new SweepSettings("hikari (minimumIdle = maximumPoolSize = pool)", users, seconds, warmup, sleepMs, rows,
            connectionTimeoutMs, recoverSeconds, pools, workloads, sql, queries, acquireP99Ms);
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }
}
