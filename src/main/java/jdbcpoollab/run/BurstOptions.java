package jdbcpoollab.run;

import jdbcpoollab.options.Options;
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
 * @param common              the target and the server options it shares with other simulations
 * @param sources             the pool libraries, all of them by default
 * @param minIdle             connections each pool opens before the burst and keeps
 * @param maxPool             most connections each pool opens
 * @param idleTimeoutMs       a connection above minIdle idle this long is closed; 0 keeps the library's default
 * @param connectMs           how late the proxy lets each new connection's handshake through
 * @param burst               users arriving at once
 * @param ops                 operations each of them does
 * @param idleSeconds         how long the filled pool stays idle before the burst
 * @param maxSeconds          how long a burst may take before its users stop
 * @param sampleMs            the timeline's interval
 * @param connectionTimeoutMs each pool's acquire timeout
 * @param socketTimeoutMs     the driver's connect and socket timeouts on the pools' URL
 */
public record BurstOptions(CommonOptions common, List<PoolLibrary> sources, int minIdle, int maxPool,
                           int idleTimeoutMs, int connectMs, int burst, int ops, double idleSeconds,
                           double maxSeconds, double sampleMs, int connectionTimeoutMs, int socketTimeoutMs,
                           Workload workload, Map<String, Object> workloadSettings) implements FaultRun.FaultOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE.withServerOptions();

   public static BurstOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      Workloads.Chosen chosen = FaultSources.workload(o, common);
      int minIdle = o.integer("minIdle", 5, 0, 1_000);
      int maxPool = o.integer("maxPool", 50, 1, 1_000);
      if (maxPool < minIdle) {
         throw Options.bad("maxPool", o.given("maxPool"), "at least -DminIdle (" + minIdle + ")");
      }
      return new BurstOptions(
            common,
            FaultSources.from(o),
            minIdle,
            maxPool,
            o.integer("idleTimeoutMs", 0, 0, 3_600_000),
            o.integer("connectMs", 150, 0, 60_000),
            o.integer("burst", 50, 1, 10_000),
            o.integer("ops", 20, 1, 1_000_000),
            o.decimal("idleSeconds", 1, 0, 3_600, false),
            o.decimal("maxSeconds", 30, 1, 3_600, false),
            o.decimal("sampleMs", 10, 1, 10, false),
            o.integer("connectionTimeoutMs", 30_000, 250, 3_600_000),
            FaultSources.socketTimeoutMs(o),
            chosen.workloads().get(0),
            chosen.settings());
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
      return new BurstSettings(sources.stream().map(PoolLibrary::describeTimes).toList(), minIdle, maxPool,
            idleTimeoutMs, connectMs, burst, ops, idleSeconds, maxSeconds, sampleMs, connectionTimeoutMs,
            socketTimeoutMs, workload.name(), workload.statement(), workloadSettings);
   }
}
