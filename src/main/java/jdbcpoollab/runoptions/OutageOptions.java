package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.settings.OutageSettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.util.List;
import java.util.Map;

/**
 * The options of Outage, read and checked before anything is started.
 *
 * @param common          the target, the users, the pool libraries (all of them by default), each pool's acquire
 *                        timeout (2 s by default) and the server options it shares with other simulations
 * @param down            {@code refuse} or {@code blackhole}
 * @param socketTimeoutMs the driver's connect and socket timeouts on the pools' URL
 * @param failurePauseMs  how long a user rests after a failed operation
 */
public record OutageOptions(CommonOptions common, String down, int pool, double steadySeconds, double downSeconds,
                            double afterSeconds, int socketTimeoutMs, int failurePauseMs, Workload workload,
                            Map<String, Object> workloadSettings)
      implements FaultOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(16).withServerOptions()
         .withTimeout(FaultSources.CONNECTION_TIMEOUT_MS).withAllSources().withPool(8);

   /** The options Outage reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, FaultSources.DECLARED, List.of(Declared.DOWN,
         Declared.STEADY_SECONDS, Declared.DOWN_SECONDS, Declared.AFTER_SECONDS, Declared.FAILURE_PAUSE_MS));

   public static OutageOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      Workloads.Chosen chosen = FaultSources.workload(o, common);
      return new OutageOptions(
            common,
            o.read(Declared.DOWN),
            common.variants().pool(),
            o.read(Declared.STEADY_SECONDS),
            o.read(Declared.DOWN_SECONDS),
            o.read(Declared.AFTER_SECONDS),
            FaultSources.socketTimeoutMs(o),
            FaultSources.failurePauseMs(o),
            chosen.workloads().get(0),
            chosen.settings());
   }

   /** The settings summary.json records. */
   public OutageSettings settings() {
      return new OutageSettings(sources().stream().map(PoolLibrary::describeFixedSize).toList(), down, pool, users(),
            steadySeconds, downSeconds, afterSeconds, connectionTimeoutMs(), socketTimeoutMs, failurePauseMs,
            workload.name(), workload.statement(), workloadSettings);
   }

   /** The whole load of one source: steady, down, back. */
   public double loadSeconds() {
      return steadySeconds + downSeconds + afterSeconds;
   }
}
