package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.SourceOption;
import jdbcpoollab.settings.CpoolCompareSettings;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of CpoolCompare, read and checked before anything is started.
 *
 * @param common  the options it shares with other simulations: users, target, timeout, server options
 * @param threads what each user's loop runs on ({@code -Dthreads}: {@link ThreadsOption#userThreads})
 */
public record CpoolCompareOptions(CommonOptions common, List<SourceOption> options, int ops, int repeat,
                                  String workload, int rttMs, UserThreads threads) implements SimulationOptions {

   /** The shared options CpoolCompare takes, with its defaults. */
   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(100).withServerOptions().withOps(25)
         .withRepeat(10, 1_000).withRttMs();

   /** The options CpoolCompare reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(Declared.SOURCES, Declared.WORKLOAD,
         ThreadsOption.USER_THREADS), GateOptions.DECLARED);

   public static final List<String> WORKLOADS = Declared.WORKLOAD.allowed();

   /** Inserted rows get ids above the kept ones: an int, so a run is bounded. */
   static final long MAX_OPERATIONS_PER_RUN = 10_000_000;

   public static CpoolCompareOptions from(Options o) {
      return from(o, PoolLibraries.DEFAULT);
   }

   /** The options, with {@code -Doptions} naming libraries of {@code libraries}. */
   public static CpoolCompareOptions from(Options o, PoolLibraries libraries) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      CpoolCompareOptions options = new CpoolCompareOptions(
            common,
            sources(o.read(Declared.SOURCES), libraries),
            common.variants().ops(),
            common.variants().repeat(),
            o.read(Declared.WORKLOAD),
            common.variants().rttMs(),
            ThreadsOption.userThreads(o));
      options.validate(o);
      return options;
   }

   /** The checks across CpoolCompare's options, each read and in its bounds: each failure one line. */
   private void validate(Options o) {
      if (GateOptions.from(o).any()) {
         throw new OptionException("bad option -Dassert.* or -Dbaseline: gates are checked on PoolSweep's steps;"
               + " CpoolCompare has none (its statistics say whether a saving is significant)");
      }
      if ((long) users() * ops > MAX_OPERATIONS_PER_RUN) {
         throw Options.bad(Declared.OPS, Integer.toString(ops), "at most " + MAX_OPERATIONS_PER_RUN
               + " operations per run (users x ops) in all");
      }
   }

   private static List<SourceOption> sources(String raw, PoolLibraries libraries) {
      List<SourceOption> sources = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         SourceOption option = SourceOption.parse(part.trim(), libraries);
         if (option == null || sources.stream().anyMatch(s -> s.text().equals(option.text()))) {
            throw Options.bad(Declared.SOURCES, raw, SourceOption.allowed(libraries));
         }
         sources.add(option);
      }
      return List.copyOf(sources);
   }

   /** What the others are compared with: the unpooled option when there is one, otherwise the first. */
   public SourceOption baseline() {
      return options.stream().filter(s -> !s.pooled()).findFirst().orElse(options.get(0));
   }

   /** The settings summary.json records for this comparison; {@code workRows} rows are kept in the work table. */
   public CpoolCompareSettings settings(int workRows) {
      return new CpoolCompareSettings(options.stream().map(SourceOption::text).toList(), baseline().text(), users(),
            ops, repeat, workload, workRows, connectionTimeoutMs(),
            "not applied: neither HikariCP nor UCP opens connections N at a time (README)", rttMs, serverOptions(),
            threads == ThreadKinds.platform() ? null : threads.name());
   }

   /** Most connections the server must accept at once: every user unpooled, or the largest pool. */
   public int peakConnections() {
      return Math.max(users(), options.stream().mapToInt(SourceOption::cmax).max().orElse(0));
   }
}
