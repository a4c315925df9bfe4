package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The part of a sweep's page for a sweep over several sources (pool libraries, no pool, drivers): per workload, one
 * line per source on each chart, the sources side by side in one table, and the recommendation per source.
 */
final class SweepSources {

   private SweepSources() {
   }

   /** One workload's section; {@code sizings} are its sizings, one per source, named "workload source". */
   static void section(Html html, SweepRun run, String workload, List<Sizing> sizings) {
      html.h2("Workload " + workload + ": " + run.query(workload), "workload-" + workload);
      List<String> lines = new ArrayList<>();
      for (Sizing sizing : sizings) {
         List<String> reasons = SizingText.reasoning(sizing).stream().map(Html::escape).toList();
         lines.add("<b>" + Html.escape(SizingText.headline(sizing)) + "</b><ul><li>" + String.join("</li><li>", reasons)
               + "</li></ul>");
      }
      html.boxHtml("answer", "<b>Recommended pool size per source</b>" + String.join("", lines));
      html.images(charts(run, workload));
      html.h3("Sources side by side");
      html.p("Times in ms. Server connections: connections the server accepted from opening the step's source to "
            + "closing it (the pool's fill, or one per operation without a pool, warm-up and the operations that "
            + "ended after the window included); per operation: divided by the operations of the window.");
      html.table(SweepTables.bySource(run.steps(workload)));
   }

   static List<String[]> charts(SweepRun run, String workload) {
      Path dir = run.folder();
      List<String> sources = run.sources();
      LineChart throughput = new LineChart(workload + ": throughput vs pool size, per source",
            "pool size (connections)", "operations/s").log2X();
      LineChart acquire = new LineChart(workload + ": P99 connection wait, per source", "pool size (connections)",
            "ms (log scale)").log2X().logY(SweepCharts.TIME_FLOOR_MS);
      LineChart fairness = new LineChart(workload + ": fairness between users (Jain's index), per source",
            "pool size (connections)", "1 = every user served alike").log2X().yUpTo(1.05);
      double top = 1;
      for (String source : sources) {
         List<StepResult> steps = SweepCharts.withOperations(run.steps(workload, source));
         double[] pools = steps.stream().mapToDouble(StepResult::pool).toArray();
         throughput.measured(source, pools, SweepCharts.values(steps, s -> s.counts().throughput()));
         acquire.measured(source, pools, SweepCharts.values(steps, s -> s.times().acquire().p99()));
         fairness.measured(source, pools, SweepCharts.values(steps, s -> s.outcome().perUser().jain()));
         top = Math.max(top, steps.stream().mapToDouble(s -> s.counts().throughput()).max().orElse(1));
      }
      List<String[]> images = new ArrayList<>();
      String names = sources.stream().collect(Collectors.joining(", "));
      throughput.yUpTo(top * 1.3).writeSvg(dir.resolve(workload + "-sources-throughput.svg"), SweepCharts.WIDTH,
            SweepCharts.HEIGHT);
      images.add(new String[] {workload + "-sources-throughput.svg", workload + " throughput vs pool size: " + names});
      acquire.writeSvg(dir.resolve(workload + "-sources-acquire.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      images.add(new String[] {workload + "-sources-acquire.svg", workload + " P99 acquire wait vs pool size: " + names});
      fairness.writeSvg(dir.resolve(workload + "-sources-fairness.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      images.add(new String[] {workload + "-sources-fairness.svg", workload + " fairness vs pool size: " + names});
      return images;
   }
}
