package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.report.Table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One pool size of the fidelity benchmark: the lab's Gatling action against plain threads and against the community
 * plugin, all on the same pool, and against the ceiling Little's law puts on the pool.
 *
 * @param s1           one thread on a pool of one connection: its mean operation time is S1
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

   private static final List<String> COLUMNS = List.of("pool", "S1 ms", "ceiling q/s", "lab q/s", "raw q/s",
         "plugin q/s", "lab/raw", "lab/plugin", "efficiency", "overhead p50 µs", "overhead p99 µs", "raw gap p50 µs",
         "returns/ok", "CPU µs/op lab/raw/plugin", "targets missed");

   /** Mean time of one operation on one connection, ms. */
   public double s1Ms() {
      return s1.total().avg();
   }

   /** Little's law: at most min(pool, users) operations in service at once, each taking S1. */
   public double ceiling() {
      return s1Ms() > 0 ? Math.min(pool, users) * 1000.0 / s1Ms() : 0;
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
   private static double us(double ms) {
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
      m.put("ceiling", round(ceiling(), 1));
      m.put("lab", round(lab.throughput(), 1));
      m.put("raw", round(raw.throughput(), 1));
      m.put("plugin", round(pluginThroughput(), 1));
      m.put("pluginOk", pluginOk);
      m.put("pluginSeconds", pluginSeconds);
      m.put("labOverRaw", round(labOverRaw(), 4));
      m.put("labOverPlugin", round(labOverPlugin(), 4));
      m.put("efficiency", round(efficiency(), 4));
      m.put("overhead", labGaps.toMap());
      m.put("rawGap", rawGaps.toMap());
      m.put("labReturns", labReturns);
      m.put("returnsOverOk", round(returnsOverOk(), 4));
      Map<String, Object> cpuMap = new LinkedHashMap<>();
      cpuMap.put("lab", round(cpu.lab(), 1));
      cpuMap.put("raw", round(cpu.raw(), 1));
      cpuMap.put("plugin", round(cpu.plugin(), 1));
      m.put("cpuMicrosPerOp", cpuMap);
      m.put("complete", lab.complete() && raw.complete() && s1.complete());
      m.put("missed", missed());
      return m;
   }

   private static Object round(double v, int digits) {
      if (Double.isNaN(v) || Double.isInfinite(v)) {
         return null;
      }
      double scale = Math.pow(10, digits);
      return Math.round(v * scale) / scale;
   }

   public static Table table(List<FidelityRow> rows) {
      Table table = new Table(COLUMNS);
      for (FidelityRow r : rows) {
         table.add(List.of(Integer.toString(r.pool()), f(r.s1Ms(), 3), f(r.ceiling(), 1),
               f(r.lab().throughput(), 1), f(r.raw().throughput(), 1), f(r.pluginThroughput(), 1),
               f(r.labOverRaw(), 3), f(r.labOverPlugin(), 3), f(r.efficiency(), 3),
               f(us(r.labGaps().p50()), 0), f(us(r.labGaps().p99()), 0), f(us(r.rawGaps().p50()), 0),
               f(r.returnsOverOk(), 4),
               f(r.cpu().lab(), 0) + "/" + f(r.cpu().raw(), 0) + "/" + f(r.cpu().plugin(), 0),
               r.missed().isEmpty() ? "none" : String.join("; ", r.missed())));
      }
      return table;
   }

   private static String f(double v, int digits) {
      return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", v);
   }
}
