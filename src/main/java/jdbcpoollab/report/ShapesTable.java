package jdbcpoollab.report;

import jdbcpoollab.analysis.NumberText;
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
         + " opening to their closing (a virtual thread blocked while pinned to its carrier).";
   private static final double KNEE = 0.95;

   private record Row(String workload, int instances, StepResult step) {
      int connections() {
         return instances * step.pool();
      }
   }

   private final List<Row> rows = new ArrayList<>();

   /** A finished step of {@code workload} (its name without the instances) run by {@code instances} instances. */
   public synchronized void add(String workload, int instances, StepResult step) {
      rows.add(new Row(workload, instances, step));
   }

   /** The step names its workload's knee, in connections; null when its workload measured nothing. */
   private Integer knee(String workload) {
      List<Row> of = rows.stream().filter(r -> r.workload().equals(workload)).toList();
      double best = of.stream().mapToDouble(r -> r.step().throughput()).max().orElse(0);
      return best <= 0 ? null : of.stream().filter(r -> r.step().throughput() >= KNEE * best)
            .map(Row::connections).min(Comparator.naturalOrder()).orElse(null);
   }

   public synchronized Table table() {
      Table table = new Table(List.of("step", "instances", "pool", "connections", "ops/s", "acquire P99 ms",
            "threads", "on virtual", "pinned", "knee"));
      for (Map<String, Object> row : rows()) {
         table.add(List.of(String.valueOf(row.get("step")), String.valueOf(row.get("instances")),
               String.valueOf(row.get("pool")), String.valueOf(row.get("connections")),
               NumberText.fixed((double) row.get("throughput"), 1), NumberText.fixedOrNa((double) row.get(
                     "acquireP99Ms"), 2), String.valueOf(row.get("threads")), text(row.get("onVirtual")),
               text(row.get("pinned")), Boolean.TRUE.equals(row.get("knee")) ? "knee" : ""));
      }
      return table;
   }

   public synchronized List<Map<String, Object>> rows() {
      List<Map<String, Object>> out = new ArrayList<>();
      Map<String, Integer> knees = new LinkedHashMap<>();
      rows.forEach(r -> knees.computeIfAbsent(r.workload(), this::knee));
      for (Row r : rows) {
         ThreadsSeen seen = r.step().threads();
         Map<String, Object> row = new LinkedHashMap<>();
         row.put("step", r.step().id().name());
         row.put("instances", r.instances());
         row.put("pool", r.step().pool());
         row.put("connections", r.connections());
         row.put("throughput", r.step().throughput());
         row.put("acquireP99Ms", r.step().acquire().p99());
         row.put("threads", seen == null ? "platform" : seen.kind());
         row.put("onVirtual", seen == null ? null : seen.onVirtual());
         row.put("pinned", seen == null ? null : seen.pinned());
         row.put("knee", Integer.valueOf(r.connections()).equals(knees.get(r.workload())));
         out.add(row);
      }
      return out;
   }

   /** The one line said before the load when a step's pools would pass the server's {@code max_connections}. */
   public static String tooMany(int instances, int pool, int maxConnections) {
      String what = instances == 1 ? "pool " + pool + " is larger than" : instances + " instances x pool " + pool
            + " = " + instances * pool + " connections pass";
      return what + " the server's max_connections " + maxConnections + " (less the lab's own connection): its steps"
            + " will not fill and the server will refuse the connections over the limit";
   }

   private static String text(Object value) {
      return value == null ? "" : String.valueOf(value);
   }
}
