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
import java.util.List;
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

   private static List<Integer> sizes(String commaSeparated) {
      return Arrays.stream(commaSeparated.split(",")).map(Integer::valueOf).toList();
   }

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
      boolean searched = takes.poolsFallback() != null && takes.autoPools()
            && AUTO.equals(o.string(Declared.POOLS.name(), null));
      return new CommonOptions(
            target,
            o.read(Declared.CONNECTION_TIMEOUT_MS.withDefault(takes.timeoutFallback())),
            results(o),
            takes.usersFallback() == 0 ? 0 : o.read(Declared.USERS.withDefault(takes.usersFallback())),
            takes.poolsFallback() == null || searched ? List.of()
                  : o.read(Declared.POOLS.withDefault(sizes(takes.poolsFallback()))),
            takes.window() ? o.read(Declared.SECONDS) : 0,
            takes.window() ? o.read(Declared.WARMUP) : 0,
            takes.recovery() ? o.read(Declared.RECOVER_SECONDS) : 0,
            takes.sourcesFallback() == null ? List.of() : PoolLibraries.profiled(o.read(Declared.SOURCE
                  .withDefault(takes.sourcesFallback()).withAllowed(libraries.names())).stream()
                  .map(libraries::named).toList(), Profile.from(o)),
            takes.serverOptions() ? serverOptions(o, target) : Map.of(),
            takes.variants().read(o, searched));
   }

   /**
    * The options a simulation taking {@code takes} reads through {@link #from}, with its defaults, and its own
    * after them: options and lists of them; an own option replaces a shared one of its name (its own default).
    */
   static List<Option<?>> declared(Takes takes, Object... own) {
      List<Option<?>> options = new ArrayList<>(List.of(Declared.DB_URL, Declared.DB_USER, Declared.DB_PASSWORD,
            Declared.CONNECTION_TIMEOUT_MS.withDefault(takes.timeoutFallback()), Declared.RESULTS));
      if (takes.usersFallback() != 0) {
         options.add(Declared.USERS.withDefault(takes.usersFallback()));
      }
      if (takes.poolsFallback() != null) {
         options.add(Declared.POOLS.withDefault(sizes(takes.poolsFallback())));
      }
      if (takes.window()) {
         options.addAll(List.of(Declared.SECONDS, Declared.WARMUP));
      }
      if (takes.recovery()) {
         options.add(Declared.RECOVER_SECONDS);
      }
      if (takes.sourcesFallback() != null) {
         options.addAll(List.of(Declared.SOURCE.withDefault(takes.sourcesFallback()), Declared.PROFILE));
      }
      if (takes.serverOptions()) {
         options.add(Declared.DB_SERVER_OPTION);
      }
      options.addAll(takes.variants().declared());
      for (Object part : own) {
         List<?> more = part instanceof List<?> list ? list : List.of(part);
         more.forEach(option -> {
            options.removeIf(o -> o.name().equals(((Option<?>) option).name()));
            options.add((Option<?>) option);
         });
      }
      return List.copyOf(options);
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
    * Which of the shared options beyond the target, the timeout and the results folder a simulation takes, with
    * its defaults, written as {@code Takes.NONE.withUsers(64).withWindow()}.
    *
    * @param usersFallback   the default of {@code -Dusers}, 0 when not taken
    * @param poolsFallback   the default of {@code -Dpools}, null when not taken
    * @param sourcesFallback the default of {@code -Dsource}, null when not taken
    * @param autoPools       {@code -Dpools=auto} is taken too
    * @param variants        those of {@link Variants} it takes, with its own defaults and bounds
    */
   public record Takes(int usersFallback, String poolsFallback, boolean window, boolean recovery,
                       List<String> sourcesFallback, boolean serverOptions, boolean autoPools, int timeoutFallback,
                       Variants variants) {
      public static final Takes NONE = new Takes(0, null, false, false, null, false, false,
            Declared.CONNECTION_TIMEOUT_MS.fallback(), Variants.NONE);

      /** {@code -Dusers}, 1 to 10000, {@code fallback} when not given. */
      public Takes withUsers(int fallback) {
         return new Takes(fallback, poolsFallback, window, recovery, sourcesFallback, serverOptions, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -Dpools}, sizes from 1 to 1000, each once, {@code fallback} when not given. */
      public Takes withPools(String fallback) {
         return new Takes(usersFallback, fallback, window, recovery, sourcesFallback, serverOptions, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -Dseconds} (0.1 to 3600, default 5) and {@code -Dwarmup} (0 to 3600, default 2). */
      public Takes withWindow() {
         return new Takes(usersFallback, poolsFallback, true, recovery, sourcesFallback, serverOptions, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -DrecoverSeconds}, 0 to 3600, default 10. */
      public Takes withRecovery() {
         return new Takes(usersFallback, poolsFallback, window, true, sourcesFallback, serverOptions, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -Dsource}, pool libraries of the registry, default {@code hikari}, and {@code -Dprofile}. */
      public Takes withSources() {
         return withSources(Declared.SOURCE.fallback());
      }

      /** {@code -Dsource}, pool libraries of the registry, all of them by default, and {@code -Dprofile}. */
      public Takes withAllSources() {
         return withSources(PoolLibraries.DEFAULT.names());
      }

      private Takes withSources(List<String> fallback) {
         return new Takes(usersFallback, poolsFallback, window, recovery, fallback, serverOptions, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -Dpools=auto} too: no sizes given, the simulation searches for them (an empty list of pools). */
      public Takes withAutoPools() {
         return new Takes(usersFallback, poolsFallback, window, recovery, sourcesFallback, serverOptions, true,
               timeoutFallback, variants);
      }

      /** {@code -DconnectionTimeoutMs} with {@code fallback} when not given, rather than the lab's default. */
      public Takes withTimeout(int fallback) {
         return new Takes(usersFallback, poolsFallback, window, recovery, sourcesFallback, serverOptions, autoPools,
               fallback, variants);
      }

      /** {@code -Ddb.serverOption}, for the embedded server only. */
      public Takes withServerOptions() {
         return new Takes(usersFallback, poolsFallback, window, recovery, sourcesFallback, true, autoPools,
               timeoutFallback, variants);
      }

      /** {@code -Dpool}: {@link Variants#withPool}. */
      public Takes withPool(int fallback) {
         return with(variants.withPool(fallback));
      }

      /** {@code -Dops}: {@link Variants#withOps}. */
      public Takes withOps(int fallback) {
         return with(variants.withOps(fallback));
      }

      /** {@code -Drounds}: {@link Variants#withRounds}. */
      public Takes withRounds(int max) {
         return with(variants.withRounds(max));
      }

      /** {@code -Drepeat}: {@link Variants#withRepeat}. */
      public Takes withRepeat(int fallback, int max) {
         return with(variants.withRepeat(fallback, max));
      }

      /** {@code -DrttMs}, several: {@link Variants#withRttsMs}. */
      public Takes withRttsMs() {
         return with(variants.withRttsMs());
      }

      /** {@code -DrttMs}, one: {@link Variants#withRttMs}. */
      public Takes withRttMs() {
         return with(variants.withRttMs());
      }

      private Takes with(Variants more) {
         return new Takes(usersFallback, poolsFallback, window, recovery, sourcesFallback, serverOptions, autoPools,
               timeoutFallback, more);
      }
   }
}
