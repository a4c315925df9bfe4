package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolTimes;
import jdbcpoollab.settings.BurstSettings;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.util.List;
import java.util.Map;

/**
 * The options of Burst, read and checked before anything is started.
 *
 * @param common              the target, the pool libraries (all of them by default, c3p0 with
 *                            {@code -Dc3p0HelperThreads}), each pool's acquire timeout and the server options it
 *                            shares with other simulations
 * @param minIdle             connections each pool opens before the burst and keeps
 * @param maxPool             most connections each pool opens
 * @param idleTimeoutMs       a connection above minIdle idle this long is closed; 0 keeps the library's default
 * @param connectMs           how late the proxy lets each new connection's handshake through
 * @param burst               users arriving at once
 * @param ops                 operations each of them does
 * @param idleSeconds         how long the filled pool stays idle before the burst
 * @param maxSeconds          how long a burst may take before its users stop
 * @param sampleMs            the timeline's interval
 * @param socketTimeoutMs     the driver's connect and socket timeouts on the pools' URL
 */
public record BurstOptions(CommonOptions common, int minIdle, int maxPool, int idleTimeoutMs, int connectMs,
                           int burst, int ops, double idleSeconds, double maxSeconds, double sampleMs,
                           int socketTimeoutMs, Workload workload, Map<String, Object> workloadSettings)
      implements FaultOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withServerOptions().withAllSources().withOps(20);

   /** The options Burst reads, with its defaults. */
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, FaultSources.DECLARED,
         List.of(Declared.MIN_IDLE, Declared.MAX_POOL, Declared.IDLE_TIMEOUT_MS, Declared.CONNECT_MS, Declared.BURST,
         Declared.IDLE_SECONDS, Declared.MAX_SECONDS, Declared.SAMPLE_MS, Declared.C3P0_HELPER_THREADS));

   public static BurstOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES,
            PoolLibraries.DEFAULT.withC3p0HelperThreads(o.read(Declared.C3P0_HELPER_THREADS)));
      Workloads.Chosen chosen = FaultSources.workload(o, common);
      BurstOptions options = new BurstOptions(
            common,
            o.read(Declared.MIN_IDLE),
            o.read(Declared.MAX_POOL),
            o.read(Declared.IDLE_TIMEOUT_MS),
            o.read(Declared.CONNECT_MS),
            o.read(Declared.BURST),
            common.variants().ops(),
            o.read(Declared.IDLE_SECONDS),
            o.read(Declared.MAX_SECONDS),
            o.read(Declared.SAMPLE_MS),
            FaultSources.socketTimeoutMs(o),
            chosen.workloads().get(0),
            chosen.settings());
      options.validate(o);
      return options;
   }

   /** The checks across Burst's options, each read and in its bounds: each failure one line. */
   private void validate(Options o) {
      if (maxPool < minIdle) {
         throw Options.bad(Declared.MAX_POOL, o.given(Declared.MAX_POOL), "at least -DminIdle (" + minIdle + ")");
      }
   }

   @Override
   public int users() {
      return burst;
   }

   public PoolTimes times() {
      return new PoolTimes(idleTimeoutMs, 0, 0);
   }

   /** The settings summary.json records. */
   public BurstSettings settings() {
      return new BurstSettings(sources().stream().map(PoolLibrary::describeTimes).toList(), minIdle, maxPool,
            idleTimeoutMs, connectMs, burst, ops, idleSeconds, maxSeconds, sampleMs, connectionTimeoutMs(),
            socketTimeoutMs, workload.name(), workload.statement(), workloadSettings);
   }
}
