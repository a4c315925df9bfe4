package jdbcpoollab.run;

import jdbcpoollab.db.Target;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.settings.SweepSettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of PoolSweep, read and checked before anything is started.
 *
 * @param workloads        the chosen workloads, in the order of {@code -Dworkloads}
 * @param workloadSettings the options of every workload type, as the settings record them ({@code sleepMs},
 *                         {@code rows}, {@code sql} with the custom workload)
 * @param repeat           how many times the whole sweep runs, interleaved (1..64, then 1..64 again)
 * @param databaseCores    the database server's cores: the machine's for the embedded server, {@code -Ddb.cores}
 *                         for another one, null when not given
 */
public record SweepOptions(List<Integer> pools, int users, double seconds, double warmup, List<Workload> workloads,
                           Map<String, Object> workloadSettings, int connectionTimeoutMs, double recoverSeconds,
                           Target target, double acquireP99Ms, List<Path> compare, int repeat,
                           Integer databaseCores) {

   public static SweepOptions from(Options o) {
      return from(o, Workloads.DEFAULT);
   }

   /** The options, with {@code -Dworkloads} naming types of {@code types}. */
   public static SweepOptions from(Options o, Workloads types) {
      Target target = Target.from(o);
      Workloads.Chosen chosen = types.choose(o, "wait,cpu", target.dialect());
      return new SweepOptions(
            o.integers("pools", "1,2,4,8,16,32,64", 1, 1_000),
            o.integer("users", 64, 1, 10_000),
            o.decimal("seconds", 5, 0, 3_600, true),
            o.decimal("warmup", 2, 0, 3_600, false),
            chosen.workloads(),
            chosen.settings(),
            o.integer("connectionTimeoutMs", 30_000, 250, 3_600_000),
            o.decimal("recoverSeconds", 10, 0, 3_600, false),
            target,
            o.decimal("acquireP99Ms", SweepSettings.DEFAULT_ACQUIRE_P99_MS, 0, 3_600_000, true),
            runs(o, "compare"),
            o.integer("repeat", 1, 1, 100),
            databaseCores(o, target));
   }

   /** The embedded server runs on this machine; another one has the cores -Ddb.cores says, or unknown ones. */
   private static Integer databaseCores(Options o, Target target) {
      int given = o.integer("db.cores", 0, 1, 100_000);
      return given > 0 ? Integer.valueOf(given)
            : target.embedded() ? Integer.valueOf(Runtime.getRuntime().availableProcessors()) : null;
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

   /** The settings summary.json records for this sweep, each step's pool opened by {@code library}. */
   public SweepSettings settings(PoolLibrary library) {
      Map<String, String> queries = new LinkedHashMap<>();
      workloads.forEach(w -> queries.put(w.name(), w.statement()));
      return new SweepSettings(library.describeFixedSize(), users, seconds, warmup, workloadSettings,
            connectionTimeoutMs, recoverSeconds, pools, workloads.stream().map(Workload::name).toList(), queries,
            acquireP99Ms, repeat, databaseCores);
   }

   /** Rows of the big table to seed: as many as the chosen workload that reads most of it needs. */
   public int tableRows() {
      return Workloads.bigTableRows(workloads);
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }
}
