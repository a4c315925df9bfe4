package jdbcpoollab.runoptions;

import jdbcpoollab.db.Driver;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.db.Target;
import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
import jdbcpoollab.measure.Disturbance;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.settings.PoolSweepSettings;
import jdbcpoollab.workloads.OwnWorkload;
import jdbcpoollab.workloads.Think;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of PoolSweep, read and checked before anything is started.
 *
 * @param common           the options it shares with other simulations: users, pools, window, sources, target, …
 * @param workloads        the chosen workloads, in the order of {@code -Dworkloads}
 * @param workloadSettings the options of every workload type, as the settings record them ({@code sleepMs},
 *                         {@code rows}, {@code sql} with the custom workload)
 * @param compare          the earlier run the page compares this one with ({@code -Dcompare}), empty for the last
 *                         one of its simulation
 * @param rttMs            the network round trips each pool size is measured at, 0 for none (a proxy adds them)
 * @param splitPools       a mix is also measured with a pool per kind, each of the step's size
 * @param drivers          the drivers each source is measured through, in the order of {@code -Ddriver}; empty for
 *                         the URL's own
 * @param driverProps      the sets of connection properties each source and driver is measured with, in the order
 *                         of {@code -Ddriver.props}; empty when not given
 * @param repeat           how many times the whole sweep runs, interleaved (1..64, then 1..64 again)
 * @param databaseCores    the database server's cores: the machine's for the embedded server, {@code -Ddb.cores}
 *                         for another one, null when not given
 * @param think            every user's think time between operations, {@code -DthinkMs} and {@code -Dthink}; null
 *                         when not given (a workload of the user's own then thinks as it says)
 * @param jvmWarmup        the longest the JVM's warm-up on the first workload may run before the first step, in
 *                         seconds ({@code -DjvmWarmup}); 0 for none
 * @param threads          what each user's loop runs on ({@code -Dthreads}: {@link ThreadsOption#userThreads})
 * @param jvmWarmupLimits  the most operations the JVM's warm-up may start ({@code -DjvmWarmup.ops}), and whether it
 *                         may run a workload of the user's own that writes or uses up a queue feeder
 *                         ({@code -DjvmWarmup.own=true}) instead of its stand-in
 * @param settleSeconds    the warm-up and window time the run may spend measuring again the steps that decide its
 *                         answers ({@code -Dsettle.seconds}); NaN for the default, a share of the planned
 *                         steps' ({@link SweepSlots}); 0 turns settling off
 * @param quick            {@code -Dquick=true}: what a quick look chose of the options above, its answer provisional
 */
public record PoolSweepOptions(CommonOptions common, List<Workload> workloads, Map<String, Object> workloadSettings,
                           double acquireP99Ms, List<Path> compare, List<Integer> rttMs,
                           boolean splitPools, List<Driver> drivers, List<DriverProps> driverProps, int repeat,
                           Integer databaseCores, Think think, double jvmWarmup, UserThreads threads,
                           List<Integer> instances, JvmWarmupLimits jvmWarmupLimits,
                           Disturbance disturbance, double settleSeconds, QuickLook quick)
      implements SimulationOptions {

   /** The most instances a step may run. */
   static final int MAX_INSTANCES = 100;

   /** The shared options PoolSweep takes, with its defaults. */
   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(64).withPools("1,2,4,8,16,32,64")
         .withWindow().withRecovery().withSources().withServerOptions().withAutoPools().withRttsMs()
         .withRepeat(1, 100);

   /** The options PoolSweep reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(Declared.WORKLOADS), Workloads.OPTIONS,
         List.of(Declared.THINK, Declared.THINK_MS, Declared.SPLIT_POOLS, Declared.ACQUIRE_P99_MS, Declared.COMPARE,
         Declared.DRIVER, Declared.DRIVER_PROPS, Declared.DB_CORES, Declared.JVM_WARMUP, Declared.JVM_WARMUP_OPS,
         Declared.JVM_WARMUP_OWN, ThreadsOption.USER_THREADS, Declared.INSTANCES, Declared.DISTURBED_MAX_PCT,
         Declared.SETTLE_SECONDS, Declared.QUICK));

   public static PoolSweepOptions from(Options o) {
      return from(o, Workloads.DEFAULT);
   }

   /** The options, with {@code -Dworkloads} naming types of {@code types}. */
   public static PoolSweepOptions from(Options o, Workloads types) {
      return from(o, types, Declared.WORKLOADS.shownDefault(), TAKES);
   }

   /**
    * The options of a sweep over a workload of the user's own simulation: {@code -Dworkloads} is {@code own}'s name
    * unless given (the lab's workloads may be added), {@code -Dusers} is {@code users} unless given.
    */
   public static PoolSweepOptions from(Options o, OwnWorkload own, int users) {
      return from(o, Workloads.DEFAULT.with(own.type()), own.name(), TAKES.withUsers(users));
   }

   private static PoolSweepOptions from(Options o, Workloads types, String workloads, CommonOptions.Takes takes) {
      QuickLook quick = QuickLook.of(o, takes);
      CommonOptions common = CommonOptions.from(o, quick.takes(takes));
      Target target = common.target();
      Workloads.Chosen chosen = types.choose(o, workloads, target.dialect());
      boolean split = Boolean.parseBoolean(o.read(Declared.SPLIT_POOLS));
      PoolSweepOptions options = new PoolSweepOptions(
            common,
            chosen.workloads(),
            chosen.settings(),
            o.read(Declared.ACQUIRE_P99_MS),
            RunFolderOptions.baseline(o, common.results()),
            common.variants().rttsMs(),
            split,
            SweepDatabaseOptions.drivers(o),
            SweepDatabaseOptions.props(o),
            common.variants().repeat(),
            SweepDatabaseOptions.cores(o, target),
            Think.from(o, null),
            o.read(quick.off(Declared.JVM_WARMUP)),
            ThreadsOption.userThreads(o),
            o.read(Declared.INSTANCES.within(1, MAX_INSTANCES)),
            new JvmWarmupLimits(o.read(Declared.JVM_WARMUP_OPS), JvmWarmupLimits.own(o)),
            new Disturbance(o.read(Declared.DISTURBED_MAX_PCT)),
            o.read(quick.off(Declared.SETTLE_SECONDS)), quick);
      options.validate(o);
      return options;
   }

   /** The checks across PoolSweep's options, each read and in its bounds: each failure one line. */
   private void validate(Options o) {
      RunFolderOptions.notMerge(o);
      if (autoPools() && repeat > 1) {
         throw Options.bad(Declared.REPEAT, o.given(Declared.REPEAT), "1 with -Dpools=auto (the search measures each"
               + " size once; settling, -Dsettle.seconds, measures again the sizes that decide the answer)");
      }
      if (splitPools && workloads.stream().allMatch(w -> w.kinds().isEmpty())) {
         throw Options.bad(Declared.SPLIT_POOLS, "true", "only with a mix in -Dworkloads, whose kinds it measures on a"
               + " pool each");
      }
      Target target = target();
      for (Driver driver : drivers) {
         if (!driver.fits(target.dialect())) {
            throw new OptionException("bad option -Ddriver=" + o.raw(Declared.DRIVER) + ": " + driver.name() + " ("
                  + driver.title() + ") speaks to " + driver.dialect() + " servers, and " + target
                  + " is " + target.dialect().name());
         }
      }
      if (mostInstances() > users()) {
         throw Options.bad(Declared.INSTANCES, o.raw(Declared.INSTANCES), "at most -Dusers=" + users() + " (each"
               + " instance needs a user)");
      }
      if (mostInstances() > 1 && splitPools) {
         throw Options.bad(Declared.INSTANCES, o.raw(Declared.INSTANCES), "1 with -DsplitPools (a pool per kind)");
      }
   }

   /** {@code -Dpools=auto}: the pool sizes are searched for, each once, one workload (series) after the other. */
   public boolean autoPools() {
      return common().pools().isEmpty();
   }

   /** The largest pool a step may have: with {@code -Dpools=auto} the users, where the search stops. */
   @Override
   public int largestPool() {
      return autoPools() ? users() : common().largestPool();
   }

   /** The most instances of any step: the server must take that many pools at once. */
   public int mostInstances() {
      return instances.stream().mapToInt(Integer::intValue).max().orElse(1);
   }

   /** Each workload's mean think time (Z, in ms) by the name its steps carry, for the workloads whose users think. */
   public Map<String, Double> thinkMs() {
      Map<String, Double> think = new LinkedHashMap<>();
      thinking().forEach((label, w) -> think.put(label, think(w).meanMs()));
      return think;
   }

   /** The workloads whose users think, by the name their steps carry. */
   private Map<String, Workload> thinking() {
      Map<String, Workload> thinking = new LinkedHashMap<>();
      for (int rtt : rttMs) {
         for (int n : instances) {
            workloads.stream().filter(w -> !think(w).none()).forEach(w -> thinking.put(label(w, rtt, n), w));
         }
      }
      return thinking;
   }

   /** What a workload's users think between two operations: {@code -DthinkMs}, else the workload's own, else none. */
   public Think think(Workload workload) {
      return think != null ? think : workload instanceof OwnWorkload own ? own.think() : Think.NONE;
   }

   /**
    * How steps and reports name a workload measured at a round trip by {@code instances} instances: {@code wait}, or
    * with what the sweep varied or set beyond the defaults, {@code wait rtt=5ms threads=virtual instances=4}.
    */
   public String label(Workload workload, int rtt, int instances) {
      return label(workload.name(), rtt, instances);
   }

   /** As {@link #label(Workload, int, int)} without the instances: the workload whose knee a fleet's steps share. */
   public String fleetLabel(Workload workload, int rtt) {
      return label(workload.name(), rtt, 0);
   }

   /** As {@link #label(Workload, int, int)}, for a mix with a pool per kind: {@code mix split}. */
   public String splitLabel(Workload workload, int rtt) {
      return label(workload.name() + " split", rtt, 1);
   }

   /** True for a workload measured a second time with a pool per kind. */
   public boolean split(Workload workload) {
      return splitPools && !workload.kinds().isEmpty();
   }

   /** The name with what the sweep varied or set beyond the defaults; {@code n} 0 leaves the instances out. */
   private String label(String name, int rtt, int n) {
      return name + (rttMs.equals(List.of(0)) ? "" : " rtt=" + rtt + "ms")
            + (threads == ThreadKinds.platform() ? "" : " threads=" + threads.name())
            + (n == 0 || instances.equals(List.of(1)) ? "" : " instances=" + n);
   }

   /** Whether the sweep's steps differ from the reference shape: virtual threads, or instances. */
   public boolean shaped() {
      return threads != ThreadKinds.platform() || !instances.equals(List.of(1));
   }

   /** The settings summary.json records for this sweep. */
   public PoolSweepSettings settings() {
      Map<String, String> queries = new LinkedHashMap<>();
      List<String> labels = new ArrayList<>();
      for (int rtt : rttMs) {
         workloads.forEach(w -> {
            instances.forEach(n -> {
               queries.put(label(w, rtt, n), w.statement());
               labels.add(label(w, rtt, n));
            });
            if (split(w)) {
               queries.put(splitLabel(w, rtt), w.statement() + " (a pool per kind)");
               labels.add(splitLabel(w, rtt));
            }
         });
      }
      Map<String, Object> options = new LinkedHashMap<>(workloadSettings);
      options.put("rttMs", rttMs);
      if (splitPools) {
         options.put("splitPools", true);
      }
      options.put("jvmWarmup", jvmWarmup);
      quick.describe(options);
      SweepDatabaseOptions.describe(driverProps, drivers, target(), options);
      if (threads != ThreadKinds.platform()) {
         options.put("threads", threads.name());
      }
      if (!instances.equals(List.of(1))) {
         options.put("instances", instances);
      }
      if (!serverOptions().isEmpty()) {
         options.put("serverOptions", serverOptions());
      }
      if (!thinkMs().isEmpty()) {
         Map<String, String> thinks = new LinkedHashMap<>();
         thinking().forEach((label, w) -> thinks.put(label, think(w).describe()));
         options.put("thinkMs", thinkMs());
         options.put("think", thinks);
      }
      return new PoolSweepSettings(String.join("; ", sources().stream().map(PoolLibrary::describeFixedSize).toList()),
            users(), seconds(), warmup(), options, connectionTimeoutMs(), recoverSeconds(), pools(), labels, queries,
            acquireP99Ms, repeat, databaseCores, drivers.stream().map(d -> d.name() + " (" + d.title() + ")").toList());
   }

   /** Whether steps must name their source (and driver): the sweep measures more than one. */
   public boolean severalSources() {
      return sources().size() > 1 || drivers.size() > 1;
   }

   /**
    * How a step names what it was measured through, empty for a sweep of one source, driver and no driver
    * properties: {@code hikari}, {@code hikari/mariadb}, {@code hikari/mariadb/hikari-mysql}, {@code hikari-mysql}.
    */
   public String sourceLabel(PoolLibrary source, Driver driver, DriverProps props) {
      List<String> parts = new ArrayList<>();
      if (severalSources()) {
         parts.add(source.name());
      }
      if (drivers.size() > 1) {
         parts.add(driver.name());
      }
      if (props != null) {
         parts.add(props.label());
      }
      return String.join("/", parts);
   }

   /** Rows of the big table to seed: as many as the chosen workload that reads most of it needs. */
   public int tableRows() {
      return Workload.bigTableRows(workloads);
   }
}
