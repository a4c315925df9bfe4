package jdbcpoollab.run;

import jdbcpoollab.db.Target;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.settings.RateSweepSettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of RateSweep, read and checked before anything is started.
 *
 * @param from the PoolSweep run (its folder) whose query time per pool size is the prediction's service time, or null
 */
public record RateSweepOptions(double rate, double sloP99Ms, int threads, int queueLimit, List<Integer> pools,
                               double seconds, double warmup, List<Workload> workloads,
                               Map<String, Object> workloadSettings, int connectionTimeoutMs, double recoverSeconds,
                               Target target, Path from) {

   public static RateSweepOptions from(Options o) {
      Target target = Target.from(o);
      Workloads.Chosen chosen = Workloads.DEFAULT.choose(o, "wait", target.dialect());
      return new RateSweepOptions(
            o.decimal("rate", 1000, 0, 100_000, true),
            o.decimal("sloP99Ms", 20, 0, 3_600_000, true),
            o.integer("threads", 200, 1, 10_000),
            o.integer("queueLimit", 10_000, 1, 1_000_000),
            o.integers("pools", "4,8,16,32", 1, 1_000),
            o.decimal("seconds", 5, 0, 3_600, true),
            o.decimal("warmup", 2, 0, 3_600, false),
            chosen.workloads(),
            chosen.settings(),
            o.integer("connectionTimeoutMs", 30_000, 250, 3_600_000),
            o.decimal("recoverSeconds", 10, 0, 3_600, false),
            target,
            poolSweep(o));
   }

   /** {@code -Dfrom}: a finished PoolSweep run of the results folder, by name or path, with steps. */
   private static Path poolSweep(Options o) {
      String raw = o.string("from", null);
      if (raw == null) {
         return null;
      }
      Path results = Path.of(o.string("lab.results", "results"));
      String allowed = "a PoolSweep run folder of " + results.toAbsolutePath().normalize() + " holding a summary.json "
            + "with steps";
      Path name = Path.of(raw).getFileName();
      Path run = name == null ? null : results.resolve(name);
      if (run == null || !Files.isRegularFile(run.resolve("summary.json"))) {
         throw Options.bad("from", raw, allowed);
      }
      SweepRun read;
      try {
         read = SweepRun.read(run);
      } catch (RuntimeException e) {
         throw Options.bad("from", raw, allowed);
      }
      if (!"PoolSweep".equals(read.simulation()) || read.steps().isEmpty()) {
         throw Options.bad("from", raw, allowed + " (it is a " + read.simulation() + " run with "
               + read.steps().size() + " steps)");
      }
      return run;
   }

   /** The settings summary.json records for this sweep, each step's pool opened by {@code library}. */
   public RateSweepSettings settings(PoolLibrary library) {
      Map<String, String> queries = new LinkedHashMap<>();
      workloads.forEach(w -> queries.put(w.name(), w.statement()));
      return new RateSweepSettings(library.describeFixedSize(), rate, threads, queueLimit, sloP99Ms,
            from == null ? null : from.getFileName().toString(), seconds, warmup, workloadSettings,
            connectionTimeoutMs, recoverSeconds, pools, workloads.stream().map(Workload::name).toList(), queries);
   }

   public int tableRows() {
      return Workloads.bigTableRows(workloads);
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }
}
