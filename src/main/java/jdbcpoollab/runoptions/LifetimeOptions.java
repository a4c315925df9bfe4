package jdbcpoollab.runoptions;

import jdbcpoollab.load.Rounds;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolTimes;
import jdbcpoollab.settings.LifetimeSettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.util.List;
import java.util.Map;

/**
 * The options of Lifetime, read and checked before anything is started.
 *
 * @param common          the target, the users, the pool libraries (all of them by default), each pool's acquire
 *                        timeout and the server options ({@code wait_timeout}) it shares
 * @param pool            each pool's size, filled before the load
 * @param rounds          rounds of load, each {@code workSeconds} long, a pause of {@code pauseSeconds} between
 * @param cutAfterMs      the proxy closes every connection this long after it opened; 0 never
 * @param maxLifetimeMs   the pools' maximum lifetime of a connection; 0 keeps the library's default
 * @param keepaliveMs     how often the pools test an idle connection; 0 keeps the library's default
 * @param socketTimeoutMs the driver's connect and socket timeouts on the pools' URL
 * @param failurePauseMs  how long a user rests after a failed operation
 */
public record LifetimeOptions(CommonOptions common, int pool, int rounds, double workSeconds, double pauseSeconds,
                              int cutAfterMs, int maxLifetimeMs, int keepaliveMs, int socketTimeoutMs,
                              int failurePauseMs, Workload workload,
                              Map<String, Object> workloadSettings) implements FaultOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withUsers(4).withServerOptions()
         .withTimeout(FaultSources.CONNECTION_TIMEOUT_MS).withAllSources().withPool(4).withRounds(1_000);

   /** The options Lifetime reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, FaultSources.DECLARED,
         List.of(Declared.WORK_SECONDS, Declared.PAUSE_SECONDS, Declared.CUT_AFTER_MS, Declared.MAX_LIFETIME_MS,
         Declared.KEEPALIVE_MS, Declared.FAILURE_PAUSE_MS));

   public static LifetimeOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      Workloads.Chosen chosen = FaultSources.workload(o, common);
      return new LifetimeOptions(
            common,
            common.variants().pool(),
            common.variants().rounds(),
            o.read(Declared.WORK_SECONDS),
            o.read(Declared.PAUSE_SECONDS),
            o.read(Declared.CUT_AFTER_MS),
            o.read(Declared.MAX_LIFETIME_MS),
            o.read(Declared.KEEPALIVE_MS),
            FaultSources.socketTimeoutMs(o),
            FaultSources.failurePauseMs(o),
            chosen.workloads().get(0),
            chosen.settings());
   }

   public PoolTimes times() {
      return new PoolTimes(0, maxLifetimeMs, keepaliveMs);
   }

   /** Each user's rounds of load and pauses. */
   public Rounds paced() {
      return new Rounds(rounds, Long.MAX_VALUE, Seconds.nanos(workSeconds), Seconds.nanos(pauseSeconds));
   }

   /** The whole load of one source: its rounds and the pauses between them. */
   public double loadSeconds() {
      return rounds * workSeconds + (rounds - 1) * pauseSeconds;
   }

   /** The settings summary.json records. */
   public LifetimeSettings settings() {
      return new LifetimeSettings(sources().stream().map(PoolLibrary::describeTimes).toList(), pool, users(), rounds,
            workSeconds, pauseSeconds, cutAfterMs, maxLifetimeMs, keepaliveMs, connectionTimeoutMs(), socketTimeoutMs,
            failurePauseMs, workload.name(), workload.statement(), workloadSettings);
   }
}
