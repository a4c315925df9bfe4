package jdbcpoollab.report;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.KindResult;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Each kind of a mixed step": every kind of a mix, and every request and statement of a workload of one's own, with
 * its own counts and times in its step's window (ms), for the summaries. Callers add a step's kinds and read the
 * table under this object's lock, so that the two always agree.
 */
public final class KindsTable {
   public static final String KEY = "kinds";
   public static final String TITLE = "Each kind of a mixed step";
   public static final String NOTE = "Times in ms, in the step's window; a request's statements (request / statement)"
         + " wait for no connection of their own; a 'split' step gives each kind a pool of its own of the step's size.";

   /**
    * One kind of one step as summary.json's {@code kinds} holds it.
    *
    * @param step       the step's name, with its pass ({@code #2}) when the sweep made several
    * @param throughput the kind's operations that ended well per second of the step's window
    */
   public record Row(String step, int repetition, double throughput, String kind, long ok, long ko, Timing acquire,
                     Timing query, Timing total) {
      Row(StepResult r, KindResult k) {
         this(r.id().name(), r.repetition(), r.counts().seconds() > 0 ? k.ok() / r.counts().seconds() : 0, k.kind(),
               k.ok(), k.ko(), k.acquire(), k.query(), k.total());
      }
   }

   private final List<Map<String, Object>> rows = new ArrayList<>();
   private final Table table = new Table(List.of("step", "kind", "ok", "ko", "q/s", "acquire p99", "query p50",
         "query p99", "total p50", "total p99"));

   /**
    * Adds the kinds a step measured, under the step's name (its pass too, {@code #2}, when the sweep made several);
    * false when it measured none (a workload of one kind).
    */
   public synchronized boolean add(StepResult r, Collection<KindResult> kinds) {
      String step = r.id().name();
      for (KindResult k : kinds) {
         Row row = new Row(r, k);
         rows.add(Json.toMap(row));
         table.add(List.of(step, k.kind(), Long.toString(k.ok()), Long.toString(k.ko()),
               String.format(Locale.ROOT, "%.1f", row.throughput()),
               k.acquire().count() == 0 ? "-" : ms(k.acquire().p99()), ms(k.query().p50()), ms(k.query().p99()),
               ms(k.total().p50()), ms(k.total().p99())));
      }
      return !kinds.isEmpty();
   }

   public synchronized Table table() {
      return table;
   }

   public synchronized List<Map<String, Object>> rows() {
      return List.copyOf(rows);
   }

   private static String ms(double value) {
      return String.format(Locale.ROOT, "%.3f", value);
   }
}
