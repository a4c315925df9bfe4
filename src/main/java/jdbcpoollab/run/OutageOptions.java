package jdbcpoollab.run;

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
 * @param common              the target, the users and the server options it shares with other simulations
 * @param sources             the pool libraries, all of them by default
 * @param down                {@code refuse} or {@code blackhole}
 * @param connectionTimeoutMs each pool's acquire timeout, 2 s by default (the shared option, with Outage's default)
 * @param socketTimeoutMs     the driver's connect and socket timeouts on the pools' URL
 * @param failurePauseMs      how long a user rests after a failed operation
 */
public record OutageOptions(CommonOptions common, List<PoolLibrary> sources, String down, int pool,
                            double steadySeconds, double downSeconds, double afterSeconds, int connectionTimeoutMs,
                            int socketTimeoutMs, int failurePauseMs, Workload workload,
                            Map<String, Object> workloadSettings)
      implements FaultRun.FaultOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(16).withServerOptions()
         .withTimeout(2_000);

   /** The options Outage reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, FaultSources.DECLARED, Declared.DOWN,
         Declared.POOL, Declared.STEADY_SECONDS, Declared.DOWN_SECONDS, Declared.AFTER_SECONDS,
         Declared.CONNECTION_TIMEOUT_MS.withDefault(TAKES.timeoutFallback()), Declared.FAILURE_PAUSE_MS);

   public static OutageOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      Workloads.Chosen chosen = FaultSources.workload(o, common);
      return new OutageOptions(
            common,
            FaultSources.from(o),
            o.read(Declared.DOWN),
            o.read(Declared.POOL),
            o.read(Declared.STEADY_SECONDS),
            o.read(Declared.DOWN_SECONDS),
            o.read(Declared.AFTER_SECONDS),
            common.connectionTimeoutMs(),
            FaultSources.socketTimeoutMs(o),
            FaultSources.failurePauseMs(o),
            chosen.workloads().get(0),
            chosen.settings());
   }

   /** The settings summary.json records. */
   public OutageSettings settings() {
      return new OutageSettings(sources.stream().map(PoolLibrary::describeFixedSize).toList(), down, pool, users(),
            steadySeconds, downSeconds, afterSeconds, connectionTimeoutMs, socketTimeoutMs, failurePauseMs,
            workload.name(), workload.statement(), workloadSettings);
   }

   /** The whole load of one source: steady, down, back. */
   public double loadSeconds() {
      return steadySeconds + downSeconds + afterSeconds;
   }
}
