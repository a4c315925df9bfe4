package jdbcpoollab.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runs index's trends: per simulation and workload, each complete run's best throughput and recommended pool,
 * oldest first, as a small chart and a table, a run that failed a baseline gate marked; and {@code trend.csv}.
 */
public final class TrendSection {
   public static final String CSV = "trend.csv";
   private static final int WIDTH = 560;
   private static final int HEIGHT = 300;

   /**
    * One complete run's numbers for one workload.
    *
    * @param simulation     the run's simulation
    * @param workload       the workload as its sizing names it (with its source when the run measured several)
    * @param run            the run folder's name, which starts with its start time
    * @param bestThroughput the best step's mean operations per second
    * @param bestPool       the pool size of the best step
    * @param recommended    the recommended pool, null when no pool passed the rule
    * @param baselinePassed whether the run passed its baseline gates, null when it was held to no baseline
    */
   public record Point(String simulation, String workload, String run, double bestThroughput, int bestPool,
                       Integer recommended, Boolean baselinePassed) {
   }

   private TrendSection() {
   }

   /** Writes the trend charts next to the index and {@code trend.csv}'s text; adds the section to {@code html}. */
   public static String write(Html html, Path results, List<Point> points) {
      html.h2("Trends", "trends");
      Map<String, List<Point>> series = new LinkedHashMap<>();
      points.forEach(p -> series.computeIfAbsent(p.simulation() + " " + p.workload(), k -> new ArrayList<>()).add(p));
      if (series.isEmpty()) {
         html.p("No complete run yet.");
      } else {
         html.p("Each complete run's best throughput (left axis) and recommended pool (right axis), oldest first, "
               + "per simulation and workload; a dotted line marks a run that failed a baseline gate. The same "
               + "numbers are in " + CSV + ".");
      }
      List<String[]> images = new ArrayList<>();
      series.forEach((name, list) -> images.add(chart(results, name, list)));
      html.smallImages(images);
      series.forEach((name, list) -> {
         html.h3(name);
         html.table(table(list));
      });
      return csv(points);
   }

   private static String[] chart(Path results, String name, List<Point> points) {
      double[] x = new double[points.size()];
      double[] best = new double[points.size()];
      double[] pool = new double[points.size()];
      LineChart chart = new LineChart(name + ": over runs", "run (oldest first, as in the table)", "operations/s")
            .countX();
      for (int i = 0; i < points.size(); i++) {
         Point p = points.get(i);
         x[i] = i + 1;
         best[i] = p.bestThroughput();
         pool[i] = p.recommended() == null ? Double.NaN : p.recommended();
         if (Boolean.FALSE.equals(p.baselinePassed())) {
            chart.marker(x[i]);
         }
      }
      chart.measured("best throughput", x, best).right("pool (connections)", "recommended pool", x, pool);
      String file = "trend-" + name.replaceAll("[^A-Za-z0-9]+", "-") + ".svg";
      chart.writeSvg(results.resolve(file), WIDTH, HEIGHT);
      return new String[] {file, name + " best throughput and recommended pool over runs"};
   }

   private static Table table(List<Point> points) {
      Table table = new Table(List.of("#", "run", "best throughput (ops/s)", "at pool", "recommended pool",
            "baseline gates"));
      for (int i = 0; i < points.size(); i++) {
         Point p = points.get(i);
         table.add(List.of(Integer.toString(i + 1), p.run(), String.format(Locale.ROOT, "%.1f", p.bestThroughput()),
               Integer.toString(p.bestPool()), p.recommended() == null ? "-" : p.recommended().toString(),
               baseline(p)), Boolean.FALSE.equals(p.baselinePassed()) ? "bad" : null);
      }
      return table;
   }

   private static String baseline(Point p) {
      return p.baselinePassed() == null ? "" : p.baselinePassed() ? "passed" : "FAILED";
   }

   private static String csv(List<Point> points) {
      Table table = new Table(List.of("simulation", "workload", "run", "best_ops_per_s", "best_pool",
            "recommended_pool", "baseline_gates"));
      points.forEach(p -> table.add(List.of(p.simulation(), p.workload(), p.run(),
            String.format(Locale.ROOT, "%.1f", p.bestThroughput()), Integer.toString(p.bestPool()),
            p.recommended() == null ? "" : p.recommended().toString(), baseline(p).toLowerCase(Locale.ROOT))));
      return table.csv();
   }
}
