package jdbcpoollab.report;

import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.ThreadsSeen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "Application shapes": a sweep's steps by the connections the database saw (instances x pool) and what the users ran
 * on, with the knee of each workload's throughput against those connections. Only a sweep with
 * {@code -Dinstances} or {@code -Dthreads=virtual} has it. Callers add a step and read the table under this lock.
 */
public final class ShapesTable {
   public static final String KEY = "shapes";
   public static final String TITLE = "Application shapes: instances, connections and threads";
   public static final String NOTE = "Connections are instances x pool, every instance's pool full: what the database"
         + " sees, and what max_connections bounds. The knee is the fewest connections of a workload whose"
         + " throughput is within 5% of its best. Pinned: JFR jdk.VirtualThreadPinned events from the step's pools"
         + " opening to their closing (a virtual thread blocked while pinned to its carrier). Heap and live threads:"
         + " the load generator's JVM at its largest in the window, sampled every 100 ms; live threads are platform"
         + " threads only (ThreadMXBean does not count virtual ones, it counts their carriers).";
   /** What changes in the answer when every user has a virtual thread of its own. */
   static final String VIRTUAL = "On virtual threads nothing in front of the pool limits how many requests run at"
         + " once: every request has a thread of its own, so the pool is the application's only concurrency limit,"
         + " and the waiters of a small pool are all of its users (Little's law: the users not in the database wait"
         + " for a connection, so acquire wait grows with users / pool). The pool to choose is then the knee of"
         + " throughput against connections with users far above the pool, not a pool matched to a request-thread"
         + " pool; a larger pool only moves the queue into the database once it is saturated.";
   private static final double KNEE = 0.95;

   private record Row(String workload, int instances, StepResult step, int maxConnections) {
      int connections() {
         return instances * step.pool();
      }
   }

   private final List<Row> rows = new ArrayList<>();

   /**
    * A finished step of {@code workload} (its name without the instances) run by {@code instances} instances, on a
    * server of {@code maxConnections} (0 when not known).
    */
   public synchronized void add(String workload, int instances, StepResult step, int maxConnections) {
      rows.add(new Row(workload, instances, step, maxConnections));
   }

   /** The step names its workload's knee, in connections; null when its workload measured nothing. */
   private Integer knee(String workload) {
      List<Row> of = rows.stream().filter(r -> r.workload().equals(workload)).toList();
      double best = of.stream().mapToDouble(r -> r.step().counts().throughput()).max().orElse(0);
      return best <= 0 ? null : of.stream().filter(r -> r.step().counts().throughput() >= KNEE * best)
            .map(Row::connections).min(Comparator.naturalOrder()).orElse(null);
   }

   public synchronized Table table() {
      return table(rows());
   }

   /** The page's section, from the rows {@code summary.json} holds; nothing when there are none. */
   static void section(Html html, Object rows) {
      if (!(rows instanceof List<?> list) || list.isEmpty()) {
         return;
      }
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> read = (List<Map<String, Object>>) list;
      html.h2(TITLE, KEY);
      html.p(NOTE);
      if (read.stream().anyMatch(row -> "virtual".equals(row.get("threads")))) {
         html.p(VIRTUAL);
      }
      for (Map<String, Object> row : read) {
         int max = (int) number(row.get("maxConnections"));
         int connections = (int) number(row.get("connections"));
         if (max > 0 && connections > max - 1) {
            html.boxHtml("warn", Html.escape(row.get("step") + ": " + tooMany((int) number(row.get("instances")),
                  (int) number(row.get("pool")), max)));
         }
      }
      html.table(table(read));
   }

   private static Table table(List<Map<String, Object>> rows) {
      Table table = new Table(List.of("step", "instances", "pool", "connections", "ops/s", "acquire P99 ms",
            "threads", "on virtual", "pinned", "heap peak MB", "live threads peak", "knee"));
      for (Map<String, Object> row : rows) {
         table.add(List.of(String.valueOf(row.get("step")), String.valueOf(row.get("instances")),
               String.valueOf(row.get("pool")), String.valueOf(row.get("connections")),
               NumberText.fixed(number(row.get("throughput")), 1), NumberText.fixedOrNa(number(row.get(
                     "acquireP99Ms")), 2), String.valueOf(row.get("threads")), text(row.get("onVirtual")),
               text(row.get("pinned")), text(row.get("heapPeakMb")), text(row.get("liveThreadsPeak")),
               Boolean.TRUE.equals(row.get("knee")) ? "knee" : ""));
      }
      return table;
   }

   public synchronized List<Map<String, Object>> rows() {
      List<Map<String, Object>> out = new ArrayList<>();
      Map<String, Integer> knees = new LinkedHashMap<>();
      rows.forEach(r -> knees.computeIfAbsent(r.workload(), this::knee));
      for (Row r : rows) {
         ThreadsSeen seen = r.step().runtime().userThreads();
         JvmPeaks jvm = r.step().runtime().jvm();
         Map<String, Object> row = new LinkedHashMap<>();
         row.put("step", r.step().id().name());
         row.put("instances", r.instances());
         row.put("pool", r.step().pool());
         row.put("connections", r.connections());
         row.put("throughput", r.step().counts().throughput());
         row.put("acquireP99Ms", r.step().times().acquire().p99());
         row.put("threads", seen == null ? "platform" : seen.kind());
         row.put("onVirtual", seen == null ? null : seen.onVirtual());
         row.put("pinned", seen == null ? null : seen.pinned());
         row.put("heapPeakMb", jvm == null ? null : Rounded.to(jvm.heapPeakMb(), 1));
         row.put("liveThreadsPeak", jvm == null ? null : jvm.liveThreadsPeak());
         row.put("knee", Integer.valueOf(r.connections()).equals(knees.get(r.workload())));
         row.put("maxConnections", r.maxConnections());
         out.add(row);
      }
      return out;
   }

   /** The one line said before the load when a step's pools would pass the server's {@code max_connections}. */
   public static String tooMany(int instances, int pool, int maxConnections) {
      return over(instances, pool, maxConnections) + " (less the lab's own connection): its steps will not fill and"
            + " the server will refuse the connections over the limit";
   }

   /** {@code pool 14 is larger than the server's max_connections 10}, or with instances their connections. */
   public static String over(int instances, int pool, int maxConnections) {
      String what = instances == 1 ? "pool " + pool + " is larger than" : instances + " instances x pool " + pool
            + " = " + instances * pool + " connections pass";
      return what + " the server's max_connections " + maxConnections;
   }

   private static double number(Object value) {
      return value instanceof Number n ? n.doubleValue() : Double.NaN;
   }

   private static String text(Object value) {
      return value == null ? "" : String.valueOf(value);
   }
}
