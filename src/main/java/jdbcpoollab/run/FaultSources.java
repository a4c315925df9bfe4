package jdbcpoollab.run;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.Profile;
import jdbcpoollab.workloads.Workloads;

import java.util.List;
import java.util.stream.Stream;

/** {@code -Dsource} of the scenarios beyond steady state: pool libraries of the registry, all of them by default. */
final class FaultSources {
   /** What the three fault simulations read alike: their workload, sources and socket timeout. */
   static final List<Option<?>> DECLARED = Stream.concat(Stream.of(Declared.WORKLOADS.withDefault(List.of("wait")),
         Declared.SOURCE, Declared.PROFILE, Declared.SOCKET_TIMEOUT_MS), Workloads.OPTIONS.stream()).toList();

   private FaultSources() {
   }

   /** {@code -Dworkloads}: one workload, {@code wait} by default, and its types' settings. */
   static Workloads.Chosen workload(Options o, CommonOptions common) {
      return Workloads.DEFAULT.chooseOne(o, "wait", common.target().dialect());
   }

   /** {@code -DsocketTimeoutMs}: the driver's connect and socket timeouts on the pools' URL, 10 s by default. */
   static int socketTimeoutMs(Options o) {
      return o.read(Declared.SOCKET_TIMEOUT_MS);
   }

   /**
    * {@code -DfailurePauseMs}: how long a user rests after a failed operation, 100 ms by default (the lab's own
    * choice: an application's request ends with its error, and its user asks again later).
    */
   static int failurePauseMs(Options o) {
      return o.read(Declared.FAILURE_PAUSE_MS);
   }

   static List<PoolLibrary> from(Options o) {
      return from(o, PoolLibraries.DEFAULT);
   }

   /** {@code -Dsource} and {@code -Dprofile} of {@code libraries}, the registry's names with their settings. */
   static List<PoolLibrary> from(Options o, PoolLibraries libraries) {
      List<String> names = libraries.names();
      return PoolLibraries.profiled(o.read(Declared.SOURCE.withDefault(names).withAllowed(names)).stream()
            .map(libraries::named).toList(), Profile.from(o));
   }
}
