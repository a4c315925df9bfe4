package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import jdbcpoollab.workloads.Workloads;

import java.util.List;
import java.util.stream.Stream;

/**
 * What the scenarios beyond steady state read alike besides their shared options (their sources, all of the
 * registry's by default, are {@link CommonOptions.Takes#withAllSources}): their workload and socket timeout, and
 * Outage's and Lifetime's acquire timeout.
 */
final class FaultSources {
   /** Outage's and Lifetime's {@code -DconnectionTimeoutMs}: 2 s by default, not the lab's 30 s. */
   static final Option<Integer> CONNECTION_TIMEOUT_MS = Declared.CONNECTION_TIMEOUT_MS.withDefault(2_000);
   /** {@code -Dworkloads}: one workload, {@code wait} by default. */
   private static final Option<List<String>> WORKLOADS = Declared.WORKLOADS.withDefault(List.of("wait"));
   /** What the three fault simulations read alike: their workload and socket timeout. */
   static final List<Option<?>> DECLARED = Stream.concat(Stream.of(WORKLOADS, Declared.SOCKET_TIMEOUT_MS),
         Workloads.OPTIONS.stream()).toList();

   private FaultSources() {
   }

   /** {@code -Dworkloads}: one workload, {@code wait} by default, and its types' settings. */
   static Workloads.Chosen workload(Options o, CommonOptions common) {
      return Workloads.DEFAULT.chooseOne(o, WORKLOADS.shownDefault(), common.target().dialect());
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
}
