package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.FaultSample;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The samples of a scenario beyond steady state, per source: written to the run folder as one CSV (a row per sample)
 * and drawn on the page as a chart set per source, dotted lines where the scenario changed.
 */
public final class FaultTimeline {
   private final String scenario;
   private final Map<String, List<FaultSample>> samples = new LinkedHashMap<>();
   private final Map<String, double[]> marks = new LinkedHashMap<>();

   /** @param scenario such as {@code outage}: the CSV is {@code outage-timeline.csv}, the charts {@code outage-*} */
   public FaultTimeline(String scenario) {
      this.scenario = scenario;
   }

   /** The CSV's name in the run folder. */
   public String file() {
      return scenario + "-timeline.csv";
   }

   /** A source's samples, and the moments (ms) its charts mark. */
   public synchronized void add(String source, List<FaultSample> timeline, double... marksMs) {
      samples.put(source, timeline);
      marks.put(source, marksMs);
   }

   /** Writes every source's samples so far to the run folder's {@link #file}. */
   public synchronized void write(Path runFolder) {
      StringBuilder csv = new StringBuilder("source,ms,completed,failed,acquireP99Ms,acquireMaxMs,active,idle,waiting,"
            + "proxyConnections,inGetConnection\n");
      samples.forEach((source, list) -> list.forEach(s -> csv.append(String.format(Locale.ROOT,
            "%s,%.1f,%d,%d,%s,%s,%d,%d,%d,%d,%d%n", source, s.ms(), s.completed(), s.failed(),
            number(s.acquireP99Ms()), number(s.acquireMaxMs()), s.active(), s.idle(), s.waiting(),
            s.proxyConnections(), s.inGetConnection()))));
      AtomicFile.write(runFolder.resolve(file()), csv.toString());
   }

   /** The source's charts on the page, when it has samples. */
   public synchronized void charts(Html html, Path runFolder, String source) {
      List<FaultSample> list = samples.get(source);
      if (list != null && !list.isEmpty()) {
         html.images(FaultCharts.write(runFolder, scenario, source, list, marks.get(source)));
      }
   }

   /** Table of how each source's operations failed: source, count, "phase: message". */
   public static Table failures(Map<String, Map<String, Long>> perSource) {
      Table table = new Table(List.of("source", "count", "phase: message"));
      perSource.forEach((source, failures) -> failures.forEach((message, count) -> table.add(List.of(source,
            Long.toString(count), message))));
      return table;
   }

   private static String number(double ms) {
      return Double.isFinite(ms) ? String.format(Locale.ROOT, "%.3f", ms) : "";
   }
}
