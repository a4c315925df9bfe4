package jdbcpoollab.report;

import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.trimmed;

/**
 * {@code results/<run>/index.html} of a RateSweep: "for my traffic, which pool?", the answer first, then per workload
 * the waits and the total time against pool size, measured beside the M/M/c prediction, with SVG charts next to it.
 */
public final class RateSweepPage {
   private static final String RULE = "<br><span class=\"muted\">Rule: the smallest pool whose P99 total time from "
         + "arrival meets the SLO with no failure. Reasoning per workload below.</span>";
   private static final String OPEN_MODEL = "<b>Open model</b>: requests arrive at the offered rate (Gatling's open "
         + "injection, randomised), whether or not earlier ones are done.";

   private RateSweepPage() {
   }

   /** Writes the page and its charts into the run's folder. */
   public static Path write(SweepRun run, List<RateAnswer> answers) {
      Html html = head(run, "For this traffic, which pool?");
      if (answers.isEmpty()) {
         html.boxHtml("warn", "This run has no finished step yet.");
      } else {
         html.boxHtml(kind(answers), "<b>Recommended pool for this rate</b>" + headlines(answers) + RULE);
         html.table(RateTables.answers(answers));
      }
      settings(html, run);
      for (RateAnswer a : answers) {
         answer(html, run.folder(), a, "Workload " + a.workload() + ": " + run.query(a.workload()),
               "workload-" + a.workload(), a.workload());
      }
      definitions(html, OPEN_MODEL);
      return written(run, html);
   }

   /** The page's title and first line: what it answers, the run's state and the way back to all runs. */
   static Html head(SweepRun run, String question) {
      Html html = new Html(run.simulation() + " " + run.name());
      html.h1(run.simulation() + " " + run.name());
      html.pHtml("<span class=\"muted\">" + Html.escape(question) + " Run state: <b>" + Html.escape(run.state())
            + "</b>. " + Html.link("../index.html", "All runs") + "</span>");
      return html;
   }

   /** "answer" when every answer found a pool, else "warn". */
   static String kind(List<RateAnswer> answers) {
      return answers.stream().allMatch(a -> a.pick() != null) ? "answer" : "warn";
   }

   /** Each answer's headline, a line each. */
   static String headlines(List<RateAnswer> answers) {
      return answers.stream().map(a -> "<br>" + Html.escape(RateText.headline(a))).collect(Collectors.joining());
   }

   /**
    * One answer's section: its headline and reasoning, its charts (files named after {@code fileStem}) and its
    * steps.
    */
   static void answer(Html html, Path dir, RateAnswer a, String title, String id, String fileStem) {
      html.h2(title, id);
      html.boxHtml(a.pick() != null ? "answer" : "warn", "<b>" + Html.escape(RateText.headline(a)) + "</b><ul><li>"
            + RateText.reasoning(a).stream().map(Html::escape).collect(Collectors.joining("</li><li>"))
            + "</li></ul>");
      html.images(charts(dir, a, fileStem));
      html.h3("Steps");
      html.p("Times in ms, from each request's arrival. a = rate x S is the offered load in connections; the pool "
            + "is unstable when a ≥ pool. Predicted = M/M/c (Erlang C). Queue = the wait for a request thread.");
      html.table(RateTables.byPool(a));
   }

   /** The page written as the run folder's index.html. */
   static Path written(SweepRun run, Html html) {
      Path page = run.folder().resolve("index.html");
      AtomicFile.write(page, html.page());
      return page;
   }

   static void settings(Html html, SweepRun run) {
      html.h2("Settings", "settings");
      Table table = new Table(List.of("setting", "value"));
      Map<String, Object> settings = run.settings();
      settings.forEach((name, value) -> {
         if (!name.equals("queries") && !name.equals("sql")) {
            table.add(List.of(name, String.valueOf(value)));
         }
      });
      html.table(table);
      List<String> links = new ArrayList<>();
      if (run.gatlingReport() != null) {
         links.add(Html.link(run.gatlingReport(), "Gatling's report of this run"));
      }
      for (String file : List.of("summary.json", "summary.csv", "summary.md")) {
         links.add(Html.link(file, file));
      }
      html.listHtml(links);
   }

   static List<String[]> charts(Path dir, RateAnswer a, String w) {
      String at = a.workload() + " at " + trimmed(a.rate()) + "/s";
      List<RatePoint> points = a.points().stream().filter(p -> p.step().counts().ok() > 0).toList();
      double[] pools = points.stream().mapToDouble(RatePoint::pool).toArray();
      List<String[]> images = new ArrayList<>();

      LineChart waits = new LineChart(at + ": wait for a connection", "pool size (connections)", "ms (log scale)")
            .log2X().logY(SweepCharts.TIME_FLOOR_MS)
            .measured("acquire P99", pools, values(points, p -> p.step().times().acquire().p99()))
            .measured("acquire avg", pools, values(points, p -> p.step().times().acquire().avg()))
            .model("M/M/c P99 wait (none where unstable)", pools, values(points, RatePoint::predictedP99WaitMs))
            .model("M/M/c mean wait", pools, values(points, RatePoint::predictedMeanWaitMs));
      if (a.pick() != null) {
         waits.marker(a.pick().pool());
      }
      waits.writeSvg(dir.resolve(w + "-rate-waits.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      images.add(new String[] {w + "-rate-waits.svg", at + ": acquire wait measured and predicted vs pool size"});

      double[] slo = new double[pools.length];
      Arrays.fill(slo, a.sloP99Ms());
      LineChart totals = new LineChart(at + ": total time from arrival", "pool size (connections)", "ms (log scale)")
            .log2X().logY(SweepCharts.TIME_FLOOR_MS)
            .measured("total P99", pools, values(points, p -> p.step().times().total().p99()))
            .measured("total avg", pools, values(points, p -> p.step().times().total().avg()))
            .measured("queue P99 (request threads)", pools, values(points, p -> p.arrivals().queue().p99()))
            .model("SLO P99", pools, slo);
      if (a.pick() != null) {
         totals.marker(a.pick().pool());
      }
      totals.writeSvg(dir.resolve(w + "-rate-total.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
      images.add(new String[] {w + "-rate-total.svg", at + ": total time from arrival vs pool size"});
      return images;
   }

   private static double[] values(List<RatePoint> points, ToDoubleFunction<RatePoint> f) {
      return points.stream().mapToDouble(f).toArray();
   }

   /** How the numbers are defined, {@code arrivals} saying how the requests arrive. */
   static void definitions(Html html, String arrivals) {
      html.h2("How the numbers are defined", "definitions");
      html.listHtml(List.of(
            arrivals + " Each is handed to one of the request threads (the application's thread pool); an arrival "
                  + "that finds all busy waits in the request queue, and beyond -DqueueLimit it is refused (a "
                  + "failure).",
            "<b>Queue</b>: from arrival until a request thread picks the request up. <b>Acquire</b>: time in "
                  + "getConnection(), timeouts included. <b>Total</b>: from arrival until the connection is given "
                  + "back, successful requests only; a slow pool cannot hide its queue in it (no coordinated "
                  + "omission).",
            "<b>Achieved</b>: successful requests completed inside the measured window / window seconds. Requests "
                  + "still queued when the window closes are dropped (unserved in summary.json).",
            "<b>S</b>: the service time, the average query time measured at that pool size, in this step or in the "
                  + "PoolSweep run named by -Dfrom. <b>a</b> = rate x S, the connections the arrivals keep busy on "
                  + "average; a ≥ pool is unstable: the queue grows without end.",
            "<b>Erlang C</b> (M/M/c): with c = pool and utilisation rho = a / c, the probability of waiting "
                  + "C(c, a) = B / (1 - rho (1 - B)) (B: Erlang B), the mean wait C / (c/S - rate) and the "
                  + "percentiles of P(W > t) = C e^-(c/S - rate) t. It assumes random arrivals, exponential service "
                  + "times and one first-come-first-served queue."));
   }
}
