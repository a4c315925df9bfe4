package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.MergedStep;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepHistograms;

import java.time.Instant;
import java.util.ArrayList;
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

   /**
    * One run's part of a merged step as summary.json's {@code merge} holds it.
    *
    * @param run            the run's folder name
    * @param from           the run's window of the step, as instants
    * @param overlapSeconds how long every run of the step measured at once
    */
   public record Row(String step, String run, int users, long ok, double throughput, String from, String to,
                     double overlapSeconds) {
   }

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
         StepCounts c = p.result().counts();
         Row row = new Row(step, names.get(i), c.users(), c.ok(), c.throughput(),
               Instant.ofEpochMilli(h.fromMs()).toString(), Instant.ofEpochMilli(h.toMs()).toString(), overlap);
         rows.add(Json.toMap(row));
         table.add(List.of(step, row.run(), Integer.toString(c.users()), Long.toString(c.ok()),
               String.format(Locale.ROOT, "%.1f", c.throughput()), row.from(), row.to(),
               String.format(Locale.ROOT, "%.3f", overlap)));
      }
   }

   public Table table() {
      return table;
   }

   public List<Map<String, Object>> rows() {
      return List.copyOf(rows);
   }
}
