package jdbcpoollab.analysis;

import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One pool size of the fidelity benchmark: the lab's Gatling action against plain threads and against the community
 * plugin, all on the same pool, and against the ceiling Little's law puts on the pool.
 *
 * @param s1           one thread on a pool of one connection: its mean total time is S1 ({@link Capacity})
 * @param lab          the Gatling action in a closed loop
 * @param labGaps      the lab's harness time between two operations of a user
 * @param labReturns   connections the lab's pool got back inside the lab's window, counted by the pool itself
 * @param raw          plain threads in a closed loop, timed by the same recorder
 * @param rawGaps      the same gap for the plain threads
 * @param pluginOk     connections the plugin's pool got back inside the plugin's window, counted by the pool itself
 * @param pluginSeconds the plugin's measured window
 * @param cpu          this JVM's CPU µs per operation in the window of the lab, the raw threads and the plugin
 */
public record FidelityRow(int pool, int users, StepResult s1, StepResult lab, Timing labGaps, long labReturns,
                          StepResult raw, Timing rawGaps, long pluginOk, double pluginSeconds, Cpu cpu) {

   /** CPU microseconds of this JVM per operation completed in each contender's window. */
   public record Cpu(double lab, double raw, double plugin) {
   }

   public static final double LAB_RAW_MIN = 0.97;
   public static final double EFFICIENCY_MIN = 0.95;
   public static final int EFFICIENCY_POOLS_UP_TO = 16;
   public static final double OVERHEAD_P50_MAX_US = 50;

   /** S1 in ms, measured on one user alone on one connection ({@link Capacity#aloneS1Ms}). */
   public double s1Ms() {
      return Capacity.aloneS1Ms(s1);
   }

   /** The Little's-law ceiling ({@link Capacity#ceiling}); 0 when S1 was not measured. */
   public double ceiling() {
      return s1Ms() > 0 ? Capacity.ceiling(pool, users, s1Ms()) : 0;
   }

   public double pluginThroughput() {
      return pluginSeconds > 0 ? pluginOk / pluginSeconds : 0;
   }

   public double labOverRaw() {
      return ratio(lab.throughput(), raw.throughput());
   }

   public double labOverPlugin() {
      return ratio(lab.throughput(), pluginThroughput());
   }

   public double efficiency() {
      return ratio(lab.throughput(), ceiling());
   }

   /** The pool's own count of the lab's completed operations against the lab's recorder: 1 when both agree. */
   public double returnsOverOk() {
      return ratio(labReturns, lab.ok());
   }

   /** The targets this pool size misses, each named with its measured value; empty when all are met. */
   public List<String> missed() {
      List<String> missed = new ArrayList<>();
      if (!(labOverRaw() >= LAB_RAW_MIN)) {
         missed.add(String.format(Locale.ROOT, "lab/raw %.3f < %.2f", labOverRaw(), LAB_RAW_MIN));
      }
      if (pool <= EFFICIENCY_POOLS_UP_TO && !(efficiency() >= EFFICIENCY_MIN)) {
         missed.add(String.format(Locale.ROOT, "efficiency %.3f < %.2f", efficiency(), EFFICIENCY_MIN));
      }
      if (!(us(labGaps.p50()) < OVERHEAD_P50_MAX_US)) {
         missed.add(String.format(Locale.ROOT, "overhead p50 %.0f µs >= %.0f µs", us(labGaps.p50()),
               OVERHEAD_P50_MAX_US));
      }
      return missed;
   }

   /** Timings are ms to the µs; the overhead targets read better in µs. */
   public static double us(double ms) {
      return ms * 1000;
   }

   private static double ratio(double a, double b) {
      return b > 0 ? a / b : Double.NaN;
   }

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pool", pool);
      m.put("users", users);
      m.put("s1Ms", s1Ms());
      m.put("ceiling", Rounded.orNull(ceiling(), 1));
      m.put("lab", Rounded.orNull(lab.throughput(), 1));
      m.put("raw", Rounded.orNull(raw.throughput(), 1));
      m.put("plugin", Rounded.orNull(pluginThroughput(), 1));
      m.put("pluginOk", pluginOk);
      m.put("pluginSeconds", pluginSeconds);
      m.put("labOverRaw", Rounded.orNull(labOverRaw(), 4));
      m.put("labOverPlugin", Rounded.orNull(labOverPlugin(), 4));
      m.put("efficiency", Rounded.orNull(efficiency(), 4));
      m.put("overhead", labGaps.toMap());
      m.put("rawGap", rawGaps.toMap());
      m.put("labReturns", labReturns);
      m.put("returnsOverOk", Rounded.orNull(returnsOverOk(), 4));
      Map<String, Object> cpuMap = new LinkedHashMap<>();
      cpuMap.put("lab", Rounded.orNull(cpu.lab(), 1));
      cpuMap.put("raw", Rounded.orNull(cpu.raw(), 1));
      cpuMap.put("plugin", Rounded.orNull(cpu.plugin(), 1));
      m.put("cpuMicrosPerOp", cpuMap);
      m.put("complete", lab.complete() && raw.complete() && s1.complete());
      m.put("missed", missed());
      return m;
   }
}
