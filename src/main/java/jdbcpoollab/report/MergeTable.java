package jdbcpoollab.report;

import jdbcpoollab.measure.MergedStep;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepHistograms;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A merged run's table of where each step's numbers came from: every run's window and share, and their overlap. */
public final class MergeTable {
   public static final String KEY = "merge";
   public static final String TITLE = "Merged from several load generators";
   public static final String NOTE = "Each step's operations, users and throughputs are those of the runs added; its"
         + " acquire, query and total times come from the runs' histograms (histograms.hlog) merged, not from their"
         + " percentiles. Each run counted its operations over its own window; 'overlap' is how long all of them"
         + " measured at once. A step whose windows overlap little measured less load at once than its sum says."
         + " Not merged, so shown as unknown: what the window did not see end (open at close, Little's law, drift)"
         + " and the client's CPU; the database's activity is the first run's, which saw the same server. The"
         + " median operations per user is the users-weighted mean of the runs' medians.";

   private final Table table = new Table(List.of("step", "run", "users", "ok", "q/s", "window from", "window to",
         "overlap s"));
   private final List<Map<String, Object>> rows = new ArrayList<>();

   /** Adds one step: a row per run, {@code names} the runs' folder names in the order of {@code parts}. */
   public void add(String step, List<MergedStep.Part> parts, List<String> names) {
      long from = parts.stream().mapToLong(p -> p.histograms().fromMs()).max().orElse(0);
      long to = parts.stream().mapToLong(p -> p.histograms().toMs()).min().orElse(0);
      double overlap = Math.max(0, to - from) / 1000.0;
      for (int i = 0; i < parts.size(); i++) {
         MergedStep.Part p = parts.get(i);
         StepHistograms h = p.histograms();
         Map<String, Object> row = new LinkedHashMap<>();
         row.put("step", step);
         row.put("run", names.get(i));
         row.put("users", p.result().counts().users());
         row.put("ok", p.result().counts().ok());
         row.put("throughput", p.result().counts().throughput());
         row.put("from", Instant.ofEpochMilli(h.fromMs()).toString());
         row.put("to", Instant.ofEpochMilli(h.toMs()).toString());
         row.put("overlapSeconds", overlap);
         rows.add(row);
         StepCounts c = p.result().counts();
         table.add(List.of(step, names.get(i), Integer.toString(c.users()), Long.toString(c.ok()),
               String.format(Locale.ROOT, "%.1f", c.throughput()), row.get("from").toString(),
               row.get("to").toString(), String.format(Locale.ROOT, "%.3f", overlap)));
      }
   }

   public Table table() {
      return table;
   }

   public List<Map<String, Object>> rows() {
      return List.copyOf(rows);
   }
}
