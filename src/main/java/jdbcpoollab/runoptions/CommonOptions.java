package jdbcpoollab.runoptions;

import jdbcpoollab.db.ServerOptions;
import jdbcpoollab.db.Target;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.Profile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options several simulations share, each read here once and with one set of bounds: the database target, the
 * acquire timeout and the results folder, which every simulation reads, and those of {@link Takes} its simulation
 * takes. An option a simulation does not take is not read (its value here is 0 or empty), so that it is refused as
 * another simulation's rather than silently ignored.
 *
 * @param results        {@code -Dlab.results}, the folder the run folders are in
 * @param users          the closed loop's virtual users
 * @param pools          the pool sizes, in the order given; empty for {@code -Dpools=auto} (PoolSweep searches)
 * @param seconds        the measured window of each step
 * @param warmup         the unmeasured seconds before each step's window
 * @param recoverSeconds after the database was lost, how long the next step waits for it to come back
 * @param sources        the pool libraries (or none), in the order of {@code -Dsource}, each in every profile of
 *                       {@code -Dprofile}
 * @param serverOptions  server variables for the embedded MariaDB ({@code -Ddb.serverOption})
 * @param variants       the options of {@link Variants} it takes, with its own defaults
 */
public record CommonOptions(Target target, int connectionTimeoutMs, Path results, int users, List<Integer> pools,
                            double seconds, double warmup, double recoverSeconds, List<PoolLibrary> sources,
                            Map<String, String> serverOptions, Variants variants) {

   /** A shorter window cannot measure even a handful of short operations; it is refused before anything starts. */
   public static final double MIN_WINDOW_SECONDS = 0.1;
   /** {@code -Dpools=auto}: the sizes are searched for rather than given. */
   public static final String AUTO = "auto";

   /** The shared options of a simulation that takes the ones {@code takes} names. */
   public static CommonOptions from(Options o, Takes takes) {
      return from(o, takes, PoolLibraries.DEFAULT);
   }

   /**
    * The shared options of a simulation that takes the ones {@code takes} names, {@code -Dsource} naming libraries
    * of {@code libraries}.
    */
   public static CommonOptions from(Options o, Takes takes, PoolLibraries libraries) {
      Target target = Target.from(o);
      boolean searched = takes.option(Declared.POOLS) != null && takes.autoPools
            && AUTO.equals(o.string(Declared.POOLS.name(), null));
      int timeout = takes.read(o, Declared.CONNECTION_TIMEOUT_MS, 0);
      Path results = results(o);
      int users = takes.read(o, Declared.USERS, 0);
      List<Integer> pools = searched ? List.of() : takes.read(o, Declared.POOLS, List.of(), autoNamed(o, takes));
      double seconds = takes.read(o, Declared.SECONDS, 0.0);
      double warmup = takes.read(o, Declared.WARMUP, 0.0);
      double recoverSeconds = takes.read(o, Declared.RECOVER_SECONDS, 0.0);
      Option<List<String>> sources = takes.option(Declared.SOURCE);
      return new CommonOptions(target, timeout, results, users, pools, seconds, warmup, recoverSeconds,
            sources == null ? List.of() : PoolLibraries.profiled(o.read(sources.withAllowed(libraries.names()))
                  .stream().map(libraries::named).toList(), Profile.from(o)),
            takes.option(Declared.DB_SERVER_OPTION) == null ? Map.of() : serverOptions(o, target),
            takes.variants(o));
   }

   /**
    * The options a simulation taking {@code takes} reads through {@link #from}, with its defaults, and its own
    * after them, in lists; an own option replaces a shared one of its name (its own default).
    */
   @SafeVarargs
   static List<Option<?>> declared(Takes takes, List<? extends Option<?>>... own) {
      List<Option<?>> options = new ArrayList<>(List.of(Declared.DB_URL, Declared.DB_USER, Declared.DB_PASSWORD,
            Declared.RESULTS));
      options.addAll(takes.taken.values());
      for (List<? extends Option<?>> part : own) {
         part.forEach(option -> {
            options.removeIf(o -> o.name().equals(option.name()));
            options.add(option);
         });
      }
      return List.copyOf(options);
   }

   /**
    * What a refused {@code -Dpools} says after its bounds: that {@code auto} is allowed too, or, to a simulation that
    * does not search, given a value that names it ({@code AUTO}, {@code 1,auto}), whose it is.
    */
   private static String autoNamed(Options o, Takes takes) {
      String given = o.given(Declared.POOLS);
      return takes.autoPools ? ", or " + AUTO : given != null && given.toLowerCase(Locale.ROOT).contains(AUTO)
            ? " (" + AUTO + " is PoolSweep's)" : "";
   }

   /** Whether {@code -Dpools} was given, so that a quick look leaves the user's sizes alone; read here alone. */
   static boolean poolsGiven(Options o) {
      return o.given(Declared.POOLS) != null;
   }

   /** {@code -Dlab.results}, the folder the run folders are in, which Compare and Merge read alone. */
   public static Path results(Options o) {
      return Path.of(o.read(Declared.RESULTS));
   }

   /** {@code -Ddb.serverOption}, which only the embedded server takes. */
   private static Map<String, String> serverOptions(Options o, Target target) {
      Map<String, String> server = ServerOptions.from(o);
      if (!server.isEmpty() && !target.embedded()) {
         throw new OptionException("bad option -D" + ServerOptions.OPTION + ": it sets the embedded MariaDB's"
               + " variables; a server given by -Ddb.url is configured where it runs");
      }
      return Collections.unmodifiableMap(server);
   }

   public int largestPool() {
      return pools.stream().mapToInt(Integer::intValue).max().orElse(1);
   }

   /**
    * Which of the shared options beyond the target and the results folder a simulation takes, each with its own
    * default and bounds, written as {@code Takes.NONE.withUsers(64).withWindow()}: {@link #from} reads them and
    * {@link #declared} lists them from here, so that a default is written once.
    */
   public static final class Takes {
      /** The acquire timeout alone, with the lab's default. */
      public static final Takes NONE = new Takes(Map.of(), false).with(Declared.CONNECTION_TIMEOUT_MS);
      /** {@code -DrttMs} as one round trip, 0 to 1000 ms, default 0. */
      private static final Option<Integer> ONE_RTT_MS = Declared.RTT_MS.one(0);

      /** Each option taken, by its declaration, with the simulation's default and bounds, in the order taken. */
      private final Map<Option<?>, Option<?>> taken;
      private final boolean autoPools;

      private Takes(Map<Option<?>, Option<?>> taken, boolean autoPools) {
         this.taken = taken;
         this.autoPools = autoPools;
      }

      /** {@code -Dusers}, 1 to 10000, {@code fallback} when not given. */
      public Takes withUsers(int fallback) {
         return with(Declared.USERS, Declared.USERS.withDefault(fallback));
      }

      /** {@code -Dpools}, sizes from 1 to 1000, each once, {@code fallback} when not given. */
      public Takes withPools(String fallback) {
         List<Integer> sizes = Arrays.stream(fallback.split(",")).map(Integer::valueOf).toList();
         return with(Declared.POOLS, Declared.POOLS.withDefault(sizes));
      }

      /** {@code -Dseconds} (0.1 to 3600, default 5) and {@code -Dwarmup} (0 to 3600, default 2). */
      public Takes withWindow() {
         return with(Declared.SECONDS).with(Declared.WARMUP);
      }

      /** {@code -Dseconds} and {@code -Dwarmup} in the same bounds, with other defaults. */
      public Takes withWindow(double seconds, double warmup) {
         return with(Declared.SECONDS, Declared.SECONDS.withDefault(seconds))
               .with(Declared.WARMUP, Declared.WARMUP.withDefault(warmup));
      }

      /** The pool sizes measured when {@code -Dpools} is not given; empty when the simulation takes none. */
      public List<Integer> pools() {
         Option<List<Integer>> pools = option(Declared.POOLS);
         return pools == null ? List.of() : pools.fallback();
      }

      /** {@code -DrecoverSeconds}, 0 to 3600, default 10. */
      public Takes withRecovery() {
         return with(Declared.RECOVER_SECONDS);
      }

      /** {@code -Dsource}, pool libraries of the registry, default {@code hikari}, and {@code -Dprofile}. */
      public Takes withSources() {
         return with(Declared.SOURCE).with(Declared.PROFILE);
      }

      /** {@code -Dsource}, pool libraries of the registry, all of them by default, and {@code -Dprofile}. */
      public Takes withAllSources() {
         return with(Declared.SOURCE, Declared.SOURCE.withDefault(PoolLibraries.DEFAULT.names()))
               .with(Declared.PROFILE);
      }

      /** {@code -Dpools=auto} too: no sizes given, the simulation searches for them (an empty list of pools). */
      public Takes withAutoPools() {
         return new Takes(taken, true);
      }

      /** {@code -DconnectionTimeoutMs} as {@code timeout} declares it, rather than with the lab's default. */
      public Takes withTimeout(Option<Integer> timeout) {
         return with(Declared.CONNECTION_TIMEOUT_MS, timeout);
      }

      /** {@code -Ddb.serverOption}, for the embedded server only. */
      public Takes withServerOptions() {
         return with(Declared.DB_SERVER_OPTION);
      }

      /** {@code -Dpool}, 1 to 1000, {@code fallback} when not given. */
      public Takes withPool(int fallback) {
         return with(Declared.POOL, Declared.POOL.withDefault(fallback));
      }

      /** {@code -Dops}, 1 to 1000000, {@code fallback} when not given. */
      public Takes withOps(int fallback) {
         return with(Declared.OPS, Declared.OPS.withDefault(fallback));
      }

      /** {@code -Drounds}, 1 to {@code max}, default 3. */
      public Takes withRounds(int max) {
         return with(Declared.ROUNDS, Declared.ROUNDS.within(1, max));
      }

      /** {@code -Drepeat}, 1 to {@code max}, {@code fallback} when not given. */
      public Takes withRepeat(int fallback, int max) {
         return with(Declared.REPEAT, Declared.REPEAT.withDefault(fallback).within(1, max));
      }

      /** {@code -DrttMs}, round trips from 0 to 1000 ms, each measured, default 0. */
      public Takes withRttsMs() {
         return with(Declared.RTT_MS);
      }

      /** {@code -DrttMs} as one round trip, 0 to 1000 ms, default 0. */
      public Takes withRttMs() {
         return with(ONE_RTT_MS);
      }

      private <T> Takes with(Option<T> declared) {
         return with(declared, declared);
      }

      /** These, and {@code declared} taken as {@code own}: its name with the simulation's default and bounds. */
      private <T> Takes with(Option<T> declared, Option<T> own) {
         if (!own.name().equals(declared.name())) {
            throw new IllegalArgumentException(own + " is not " + declared);
         }
         Map<Option<?>, Option<?>> more = new LinkedHashMap<>(taken);
         more.put(declared, own);
         return new Takes(Collections.unmodifiableMap(more), autoPools);
      }

      /** {@code declared} as the simulation takes it, null when it does not. */
      @SuppressWarnings("unchecked") // put only by with(declared, own), both of one type
      private <T> Option<T> option(Option<T> declared) {
         return (Option<T>) taken.get(declared);
      }

      /** The value of {@code declared} as the simulation takes it, {@code none} (and not read) when it does not. */
      private <T> T read(Options o, Option<T> declared, T none) {
         return read(o, declared, none, "");
      }

      /** As {@link #read(Options, Option, Object)}, a refused value told {@code more} after the bounds. */
      private <T> T read(Options o, Option<T> declared, T none, String more) {
         Option<T> own = option(declared);
         return own == null ? none : o.read(own.withMore(more));
      }

      /** The options of {@link Variants}, read as the simulation takes them. */
      private Variants variants(Options o) {
         return new Variants(read(o, Declared.POOL, 0), read(o, Declared.OPS, 0), read(o, Declared.ROUNDS, 0),
               read(o, Declared.REPEAT, 0), read(o, Declared.RTT_MS, List.of()), read(o, ONE_RTT_MS, 0));
      }
   }
}
