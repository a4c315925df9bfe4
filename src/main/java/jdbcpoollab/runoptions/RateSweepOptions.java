package jdbcpoollab.runoptions;

import jdbcpoollab.db.Target;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
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
 * @param common     the options it shares with other simulations: pools, window, sources, target, …
 * @param threads    how many request threads serve the arrivals ({@code -Dthreads}:
 *                   {@link ThreadsOption#requestThreads})
 * @param from       the PoolSweep run (its folder) whose query time per pool size is the prediction's service time, or
 *                   null
 * @param threadKind what the request threads are: platform or virtual threads
 * @param jvmWarmup  how long the JVM's warm-up before the first step lets requests arrive, in seconds
 *                   ({@code -DjvmWarmup}); 0 for none
 * @param jvmWarmupOwn true when the warm-up may run a workload of the user's own that writes or uses up a queue
 *                   feeder ({@code -DjvmWarmup.own=true}) instead of its stand-in
 */
public record RateSweepOptions(CommonOptions common, double rate, double sloP99Ms, int threads, int queueLimit,
                               List<Workload> workloads, Map<String, Object> workloadSettings, Path from,
                               UserThreads threadKind, double jvmWarmup, boolean jvmWarmupOwn)
      implements SimulationOptions {

   /** The shared options RateSweep takes, with its defaults. */
   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withPools("4,8,16,32").withWindow().withRecovery()
         .withSources();
   /** {@code -Dworkloads}, {@code wait} by default. */
   private static final Option<List<String>> WORKLOADS = Declared.WORKLOADS.withDefault(List.of("wait"));
   /** The options RateSweep reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(WORKLOADS), Workloads.OPTIONS,
         List.of(ThreadsOption.REQUEST_THREADS, Declared.RATE, Declared.SLO_P99_MS, Declared.QUEUE_LIMIT,
         Declared.FROM, Declared.JVM_WARMUP, Declared.JVM_WARMUP_OWN));

   public static RateSweepOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      Workloads.Chosen chosen = Workloads.DEFAULT.choose(o, WORKLOADS.shownDefault(),
            common.target().dialect());
      ThreadsOption.RequestThreads threads = ThreadsOption.requestThreads(o);
      double rate = o.read(Declared.RATE);
      RequestLimits limits = RequestLimits.from(o);
      SweepRun from = poolSweep(o, common.results());
      RateSweepOptions options = new RateSweepOptions(
            common,
            rate,
            limits.sloP99Ms(),
            threads.count(),
            limits.queueLimit(),
            chosen.workloads(),
            chosen.settings(),
            from == null ? null : from.folder(),
            threads.kind(),
            JvmWarmupLimits.seconds(o),
            JvmWarmupLimits.own(o));
      options.validate(o, from);
      return options;
   }

   /**
    * The checks across RateSweep's options, each read and in its bounds: each failure one line. {@code -Dfrom},
    * read as {@code fromRun}, needs a measured step of each workload (the same name: {@code wait rtt=5ms} is not
    * {@code wait}), whose query time it gives; without one the option would be silently unused.
    */
   private void validate(Options o, SweepRun fromRun) {
      if (fromRun == null) {
         return;
      }
      for (Workload workload : workloads) {
         if (fromRun.steps(workload.name()).stream().noneMatch(s -> s.times().query().count() > 0)) {
            String theirs = String.join(", ", fromRun.steps().stream().map(s -> s.workload()).distinct().toList());
            throw new OptionException("bad option -Dfrom=" + o.raw(Declared.FROM) + ": it has no measured step of the "
                  + workload.name() + " workload, whose service time it would give (its steps are of " + theirs
                  + "); leave -Dfrom out to use each step's own, or give a PoolSweep run of " + workload.name());
         }
      }
   }

   /** {@code -Dfrom}: a finished PoolSweep run with steps, in the results folder, by name or path, or null. */
   private static SweepRun poolSweep(Options o, Path results) {
      String raw = o.read(Declared.FROM);
      if (raw == null) {
         return null;
      }
      String allowed = "a PoolSweep run folder of " + results.toAbsolutePath().normalize() + " holding a summary.json "
            + "with steps";
      Path name = Path.of(raw).getFileName();
      Path run = name == null ? null : results.resolve(name);
      if (run == null || !Files.isRegularFile(run.resolve("summary.json"))) {
         throw Options.bad(Declared.FROM, raw, allowed);
      }
      SweepRun read;
      try {
         read = SweepRun.read(run);
      } catch (RuntimeException e) {
         throw Options.bad(Declared.FROM, raw, allowed);
      }
      if (!"PoolSweep".equals(read.simulation()) || read.steps().isEmpty()) {
         throw Options.bad(Declared.FROM, raw, allowed + " (it is a " + read.simulation() + " run with "
               + read.steps().size() + " steps)");
      }
      return read;
   }

   /** The settings summary.json records for this sweep, each step's pool opened by each of the sources. */
   public RateSweepSettings settings() {
      Map<String, String> queries = new LinkedHashMap<>();
      workloads.forEach(w -> queries.put(w.name(), w.statement()));
      Map<String, Object> options = new LinkedHashMap<>(workloadSettings);
      if (threadKind != ThreadKinds.platform()) {
         options.put("threads", threadKind.name());
      }
      options.put("jvmWarmup", jvmWarmup);
      return new RateSweepSettings(String.join("; ", sources().stream().map(PoolLibrary::describeFixedSize).toList()),
            rate, threads, queueLimit, sloP99Ms, from == null ? null : from.getFileName().toString(), seconds(),
            warmup(), options, connectionTimeoutMs(), recoverSeconds(), pools(),
            workloads.stream().map(Workload::name).toList(), queries);
   }

   /** Whether steps must name their source: the sweep measures more than one. */
   public boolean severalSources() {
      return sources().size() > 1;
   }

   public int tableRows() {
      return Workload.bigTableRows(workloads);
   }
}
