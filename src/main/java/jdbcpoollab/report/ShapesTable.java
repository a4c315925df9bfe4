package jdbcpoollab.report;

import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.files.Json;
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

   private record Added(String workload, int instances, StepResult step, int maxConnections) {
      int connections() {
         return instances * step.pool();
      }
   }

   /**
    * One step as summary.json's {@code shapes} holds it.
    *
    * @param threads   what the users ran on: {@code platform} or {@code virtual}
    * @param onVirtual operations run on virtual threads; null on platform threads, as is {@code pinned}
    * @param knee      whether this step's connections are its workload's knee
    */
   public record Row(String step, int instances, int pool, int connections, double throughput, double acquireP99Ms,
                     String threads, Long onVirtual, Long pinned, Double heapPeakMb, Integer liveThreadsPeak,
                     boolean knee, int maxConnections) {
   }

   private final List<Added> rows = new ArrayList<>();

   /**
    * A finished step of {@code workload} (its name without the instances) run by {@code instances} instances, on a
    * server of {@code maxConnections} (0 when not known).
    */
   public synchronized void add(String workload, int instances, StepResult step, int maxConnections) {
      rows.add(new Added(workload, instances, step, maxConnections));
   }

   /** The step names its workload's knee, in connections; null when its workload measured nothing. */
   private Integer knee(String workload) {
      List<Added> of = rows.stream().filter(r -> r.workload().equals(workload)).toList();
      double best = of.stream().mapToDouble(r -> r.step().counts().throughput()).max().orElse(0);
      return best <= 0 ? null : of.stream().filter(r -> r.step().counts().throughput() >= KNEE * best)
            .map(Added::connections).min(Comparator.naturalOrder()).orElse(null);
   }

   public synchronized Table table() {
      return table(added());
   }

   /** The page's section, from the rows {@code summary.json} holds; nothing when there are none. */
   static void section(Html html, Object rows) {
      if (!(rows instanceof List<?> list) || list.isEmpty()) {
         return;
      }
      List<Row> read = list.stream().map(row -> Json.as(row, Row.class)).toList();
      html.h2(TITLE, KEY);
      html.p(NOTE);
      if (read.stream().anyMatch(row -> "virtual".equals(row.threads()))) {
         html.p(VIRTUAL);
      }
      for (Row row : read) {
         int max = row.maxConnections();
         if (max > 0 && row.connections() > max - 1) {
            html.boxHtml("warn", Html.escape(row.step() + ": " + tooMany(row.instances(), row.pool(), max)));
         }
      }
      html.table(table(read));
   }

   private static Table table(List<Row> rows) {
      Table table = new Table(List.of("step", "instances", "pool", "connections", "ops/s", "acquire P99 ms",
            "threads", "on virtual", "pinned", "heap peak MB", "live threads peak", "knee"));
      for (Row row : rows) {
         table.add(List.of(row.step(), String.valueOf(row.instances()), String.valueOf(row.pool()),
               String.valueOf(row.connections()), NumberText.fixed(row.throughput(), 1),
               NumberText.fixedOrNa(row.acquireP99Ms(), 2), String.valueOf(row.threads()), text(row.onVirtual()),
               text(row.pinned()), text(row.heapPeakMb()), text(row.liveThreadsPeak()), row.knee() ? "knee" : ""));
      }
      return table;
   }

   public synchronized List<Map<String, Object>> rows() {
      return added().stream().map(Json::toMap).toList();
   }

   private List<Row> added() {
      Map<String, Integer> knees = new LinkedHashMap<>();
      rows.forEach(r -> knees.computeIfAbsent(r.workload(), this::knee));
      List<Row> out = new ArrayList<>();
      for (Added r : rows) {
         ThreadsSeen seen = r.step().runtime().userThreads();
         JvmPeaks jvm = r.step().runtime().jvm();
         out.add(new Row(r.step().id().name(), r.instances(), r.step().pool(), r.connections(),
               r.step().counts().throughput(), r.step().times().acquire().p99(),
               seen == null ? "platform" : seen.kind(), seen == null ? null : seen.onVirtual(),
               seen == null ? null : seen.pinned(), jvm == null ? null : Rounded.to(jvm.heapPeakMb(), 1),
               jvm == null ? null : jvm.liveThreadsPeak(),
               Integer.valueOf(r.connections()).equals(knees.get(r.workload())), r.maxConnections()));
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

   private static String text(Object value) {
      return value == null ? "" : String.valueOf(value);
   }
}
