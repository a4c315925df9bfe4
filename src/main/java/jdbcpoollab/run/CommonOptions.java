package jdbcpoollab.run;

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
 */
public record CommonOptions(Target target, int connectionTimeoutMs, Path results, int users, List<Integer> pools,
                            double seconds, double warmup, double recoverSeconds, List<PoolLibrary> sources,
                            Map<String, String> serverOptions) {

   /** A shorter window cannot measure even a handful of short operations; it is refused before anything starts. */
   public static final double MIN_WINDOW_SECONDS = 0.1;
   /** {@code -Dpools=auto}: the sizes are searched for rather than given. */
   public static final String AUTO = "auto";

   private static List<Integer> sizes(String commaSeparated) {
      return Arrays.stream(commaSeparated.split(",")).map(Integer::valueOf).toList();
   }

   /** The shared options of a simulation that takes the ones {@code takes} names. */
   public static CommonOptions from(Options o, Takes takes) {
      Target target = Target.from(o);
      return new CommonOptions(
            target,
            o.read(Declared.CONNECTION_TIMEOUT_MS.withDefault(takes.timeoutFallback())),
            results(o),
            takes.usersFallback() == 0 ? 0 : o.read(Declared.USERS.withDefault(takes.usersFallback())),
            takes.poolsFallback() == null || takes.autoPools() && AUTO.equals(o.string(Declared.POOLS.name(), null))
                  ? List.of() : o.read(Declared.POOLS.withDefault(sizes(takes.poolsFallback()))),
            takes.window() ? o.read(Declared.SECONDS) : 0,
            takes.window() ? o.read(Declared.WARMUP) : 0,
            takes.recovery() ? o.read(Declared.RECOVER_SECONDS) : 0,
            !takes.sources() ? List.of() : PoolLibraries.profiled(o.read(Declared.SOURCE
                  .withAllowed(PoolLibraries.DEFAULT.names())).stream().map(PoolLibraries.DEFAULT::named).toList(),
                  Profile.from(o)),
            takes.serverOptions() ? serverOptions(o, target) : Map.of());
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
      if (takes.sources()) {
         options.addAll(List.of(Declared.SOURCE, Declared.PROFILE));
      }
      if (takes.serverOptions()) {
         options.add(Declared.DB_SERVER_OPTION);
      }
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
   static Path results(Options o) {
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
    * @param usersFallback the default of {@code -Dusers}, 0 when not taken
    * @param poolsFallback the default of {@code -Dpools}, null when not taken
    * @param autoPools     {@code -Dpools=auto} is taken too
    */
   public record Takes(int usersFallback, String poolsFallback, boolean window, boolean recovery, boolean sources,
                       boolean serverOptions, boolean autoPools, int timeoutFallback) {
      public static final Takes NONE = new Takes(0, null, false, false, false, false, false,
            Declared.CONNECTION_TIMEOUT_MS.fallback());

      /** {@code -Dusers}, 1 to 10000, {@code fallback} when not given. */
      public Takes withUsers(int fallback) {
         return new Takes(fallback, poolsFallback, window, recovery, sources, serverOptions, autoPools,
               timeoutFallback);
      }

      /** {@code -Dpools}, sizes from 1 to 1000, each once, {@code fallback} when not given. */
      public Takes withPools(String fallback) {
         return new Takes(usersFallback, fallback, window, recovery, sources, serverOptions, autoPools,
               timeoutFallback);
      }

      /** {@code -Dseconds} (0.1 to 3600, default 5) and {@code -Dwarmup} (0 to 3600, default 2). */
      public Takes withWindow() {
         return new Takes(usersFallback, poolsFallback, true, recovery, sources, serverOptions, autoPools,
               timeoutFallback);
      }

      /** {@code -DrecoverSeconds}, 0 to 3600, default 10. */
      public Takes withRecovery() {
         return new Takes(usersFallback, poolsFallback, window, true, sources, serverOptions, autoPools,
               timeoutFallback);
      }

      /**
       * {@code -Dsource}, pool libraries of {@link PoolLibraries#DEFAULT}, default {@code hikari}, and {@code -Dprofile}.
       */
      public Takes withSources() {
         return new Takes(usersFallback, poolsFallback, window, recovery, true, serverOptions, autoPools,
               timeoutFallback);
      }

      /** {@code -Dpools=auto} too: no sizes given, the simulation searches for them (an empty list of pools). */
      public Takes withAutoPools() {
         return new Takes(usersFallback, poolsFallback, window, recovery, sources, serverOptions, true,
               timeoutFallback);
      }

      /** {@code -DconnectionTimeoutMs} with {@code fallback} when not given, rather than the lab's default. */
      public Takes withTimeout(int fallback) {
         return new Takes(usersFallback, poolsFallback, window, recovery, sources, serverOptions, autoPools, fallback);
      }

      /** {@code -Ddb.serverOption}, for the embedded server only. */
      public Takes withServerOptions() {
         return new Takes(usersFallback, poolsFallback, window, recovery, sources, true, autoPools, timeoutFallback);
      }
   }
}
