package jdbcpoollab.report;

import jdbcpoollab.analysis.Estimate;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.TimelinePoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.ratioPercent;

/**
 * {@code results/<run>/index.html}: a sweep's answer to "how big should my pool be?", with its charts as SVG files
 * next to it. Everything on it is computed from the run's {@code summary.json}.
 */
public final class SweepPage {
   static final int WIDTH = 560;
   static final int HEIGHT = 360;
   static final int SMALL_WIDTH = 460;
   static final int SMALL_HEIGHT = 320;
   /** Log axes cannot show 0: times below 1 µs are drawn at 1 µs. */
   static final double TIME_FLOOR_MS = 0.001;

   private SweepPage() {
   }

   /** Writes the page and its charts into the run's folder; {@code baseline} may be null. */
   public static Path write(SweepRun run, SweepRun baseline) {
      Html html = new Html(run.simulation() + " " + run.name());
      html.h1(run.simulation() + " " + run.name());
      html.pHtml("<span class=\"muted\">How big should the pool be? Run state: <b>" + Html.escape(run.state())
            + "</b>. " + Html.link("../index.html", "All runs") + "</span>");
      List<String> sources = run.sources();
      List<Sizing> sizings = sizings(run);
      if (!sizings.isEmpty()) {
         html.boxHtml("answer", "<b>Recommended pool size</b>"
               + sizings.stream().map(s -> "<br>" + Html.escape(SizingText.headline(s))).collect(Collectors.joining())
               + "<br><span class=\"muted\">Rule: the smallest pool within 5% of the best throughput (with "
               + "-Drepeat: not significantly below 95% of the best mean, one-sided Welch test at 5%). In a closed "
               + "loop the time per operation is users / throughput (Little's law), so acquire wait is no cost of "
               + "its own: at equal throughput a bigger pool only moves the wait into the database. Reasoning per "
               + "workload below.</span>");
         html.table(SweepTables.recommendations(sizings));
      } else {
         html.boxHtml("warn", "This run has no finished step yet.");
      }
      List<StepResult> thin = run.steps().stream().filter(s -> s.ok() < s.users()).toList();
      if (!thin.isEmpty()) {
         html.boxHtml("warn", Html.escape("Too short to say much: " + thin.stream()
               .map(s -> s.workload() + " pool=" + s.pool() + " (" + s.ok() + " operations)")
               .collect(Collectors.joining(", ")) + " completed fewer operations than there are users. A longer "
               + "window (-Dseconds) or fewer users gives these steps meaning."));
      }
      SeedTables.write(html, run, sizings);
      settings(html, run);
      if (sources.isEmpty()) {
         for (Sizing sizing : sizings) {
            workload(html, run, sizing);
         }
      } else {
         for (String w : run.workloads()) {
            SweepSources.section(html, run, w, sizings.stream().filter(z -> z.workload().startsWith(w + " ")).toList());
         }
      }
      fairnessExplained(html, sizings);
      gates(html, run);
      if (baseline != null) {
         html.h2("Compared with " + baseline.name(), "compare");
         Comparison.section(html, baseline, run, run.folder());
      }
      definitions(html);
      Path page = run.folder().resolve("index.html");
      AtomicFile.write(page, html.page());
      return page;
   }

   /** What a workload's steps, read back from the run's {@code summary.json}, say about its pool size. */
   static Sizing sizing(SweepRun run, String workload) {
      List<StepResult> steps = run.steps(workload);
      return Sizing.of(workload, steps, Sizing.Context.of(run.sweepSettings(), run.environment(), steps));
   }

   /** What the run says about its pool size: per workload, and per source in a sweep over several. */
   static List<Sizing> sizings(SweepRun run) {
      List<String> sources = run.sources();
      return sources.isEmpty() ? run.workloads().stream().map(w -> sizing(run, w)).toList()
            : run.workloads().stream().flatMap(w -> sources.stream().map(source -> sizing(run, w, source))).toList();
   }

   /** What one workload's steps with one source (of a sweep over several) say about its pool size. */
   static Sizing sizing(SweepRun run, String workload, String source) {
      List<StepResult> steps = run.steps(workload, source);
      return Sizing.of(workload + " " + source, steps, Sizing.Context.of(run.sweepSettings(), run.environment(),
            steps));
   }

   /** The run's gates and, with {@code -Dbaseline}, its step-by-step diff against the baseline run. */
   @SuppressWarnings("unchecked")
   private static void gates(Html html, SweepRun run) {
      Object listed = run.summary().get("gates");
      if (!(listed instanceof List<?> gates) || gates.isEmpty()) {
         return;
      }
      List<GateResult> results = gates.stream().map(g -> GateResult.fromMap((Map<String, Object>) g)).toList();
      html.h2("Gates", "gates");
      html.table(GateTables.gates(results));
      if (run.summary().get("baseline") instanceof Map<?, ?> baseline) {
         html.h3("Against the baseline " + baseline.get("file") + " (tolerance " + baseline.get("tolerancePct") + "%)");
         Table diff = GateTables.baselineDiff(results);
         if (diff.size() == 0) {
            html.p("No step of this run is in the baseline.");
         } else {
            html.table(diff);
         }
      }
   }

   private static void settings(Html html, SweepRun run) {
      html.h2("Settings", "settings");
      Table table = new Table(List.of("setting", "value"));
      Map<String, Object> settings = run.settings();
      settings.forEach((name, value) -> {
         if (!name.equals("queries") && !name.equals("sql")) {
            table.add(List.of(name, String.valueOf(value)));
         }
      });
      for (String workload : run.workloads()) {
         table.add(List.of("query " + workload, run.query(workload)));
      }
      html.table(table);
      List<String> links = new ArrayList<>();
      if (run.gatlingReport() != null) {
         links.add(Html.link(run.gatlingReport(), "Gatling's report of this run")
               + " <span class=\"muted\">(its Cnt/s columns divide by the whole run, not by a step's window; in"
               + " its chart of concurrent users a step's line stays up after the step, read \"All users\")</span>");
      }
      for (String file : List.of("summary.json", "summary.csv", "summary.md")) {
         links.add(Html.link(file, file));
      }
      html.listHtml(links);
   }

   private static void workload(Html html, SweepRun run, Sizing sizing) {
      String w = sizing.workload();
      html.h2("Workload " + w + ": " + run.query(w), "workload-" + w);
      List<String> reasons = SizingText.reasoning(sizing).stream().map(Html::escape).toList();
      html.boxHtml(sizing.choice().pick() != null ? "answer" : "warn",
            "<b>" + Html.escape(SizingText.headline(sizing)) + "</b><ul><li>" + String.join("</li><li>", reasons)
                  + "</li></ul>");
      html.images(charts(run.folder(), sizing));
      if (sizing.repeated()) {
         html.h3("Pool sizes over " + sizing.pools().get(0).steps().size() + " passes (-Drepeat)");
         html.p("Mean [95% confidence interval] of the passes, Student's t.");
         html.table(poolsTable(sizing));
      }
      html.h3("Steps");
      html.p("Times in ms. Ceiling = min(pool, users) / S1 (Little's law). Client = time a user spent between the end "
            + "of one operation and the start of its next. Database: what the server was doing through the window, "
            + "sampled every 100 ms (avg / max): the embedded server's CPU in cores, or Threads_running (MySQL, "
            + "MariaDB), or active backends (PostgreSQL). Client CPU = this JVM's CPU during the window / "
            + "(cores x window), with its µs per operation.");
      List<String> bound = sizing.steps().stream().filter(s -> s.clientCpu().clientBound())
            .map(s -> Html.escape(s.label() + " (client CPU " + SweepTables.percent(s.clientCpu().share()) + "): "
                  + ClientCpu.BOUND))
            .toList();
      if (!bound.isEmpty()) {
         html.boxHtml("warn", String.join("<br>", bound));
      }
      html.table(stepsTable(sizing));
      html.p(SustainableRates.line(sizing));
      List<String[]> timeline = timelineCharts(run, sizing);
      if (!timeline.isEmpty()) {
         html.h3("Pool over time");
         html.p("Every 100 ms of each window (first pass): operations completed, the pool's active, idle and waiting "
               + "threads (left axis) and the interval's P99 acquire wait (right axis, ms). All samples are in "
               + TimelineFile.NAME + ".");
         html.smallImages(timeline);
      }
      html.h3("Fairness: operations per user");
      html.p("FIFO wait = the wait every user would have in a first-come-first-served queue when all connections are "
            + "busy: (users - pool) / throughput. A P99 acquire wait far above it means the waits were not shared "
            + "evenly. A step is flagged when some user completed less than a quarter of an even share (ok / users); "
            + "it is judged only with at least 2 operations per user, since in an orderly queue every user's count "
            + "would be within one of the others'.");
      html.table(fairnessTable(sizing));
   }

   static List<String[]> charts(Path dir, Sizing sizing) {
      String w = sizing.workload();
      List<Sizing.Pool> steps = sizing.pools().stream().filter(p -> p.steps().stream().allMatch(s -> s.ok() > 0))
            .toList();
      double[] pools = steps.stream().mapToDouble(Sizing.Pool::pool).toArray();
      List<String[]> images = new ArrayList<>();

      Sizing.Pool pick = sizing.choice().pick();
      LineChart throughput = new LineChart(w + ": throughput vs pool size"
            + (pick == null ? "" : " (recommended " + pick.pool() + ")"), "pool size (connections)", "operations/s")
            .log2X();
      measured(throughput, sizing, "measured", pools, steps, Sizing.Pool::throughput);
      double top = steps.stream().mapToDouble(p -> p.throughput().high()).max().orElse(1);
      if (sizing.s1Step() != null) {
         double[] ceiling = steps.stream().mapToDouble(p -> sizing.ceiling(p.pool())).toArray();
         throughput.model("Little's law ceiling min(pool, users) / S1", pools, ceiling);
      }
      if (sizing.usl() != null) {
         double[] n = smooth(pools);
         throughput.model("USL fit", n, java.util.Arrays.stream(n).map(sizing.usl()::throughput).toArray());
      }
      if (pick != null) {
         throughput.marker(pick.pool());
      }
      throughput.yUpTo(top * 1.3).writeSvg(dir.resolve(w + "-throughput.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-throughput.svg", w + " throughput vs pool size"});

      LineChart latency = new LineChart(w + ": connection wait and total time", "pool size (connections)",
            "ms (log scale)").log2X().logY(TIME_FLOOR_MS)
            .measured("acquire avg", pools, means(steps, s -> s.acquire().avg()));
      measured(latency, sizing, "acquire P99", pools, steps, Sizing.Pool::acquireP99);
      latency.measured("total avg", pools, means(steps, s -> s.total().avg()));
      measured(latency, sizing, "total P99", pools, steps, Sizing.Pool::totalP99);
      latency.writeSvg(dir.resolve(w + "-latency.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-latency.svg", w + " acquire wait and total time vs pool size"});

      StackedBars breakdown = new StackedBars(w + ": where the time of an operation goes", "pool size (connections)",
            "ms per operation (average)");
      for (Sizing.Pool p : steps) {
         String pool = Integer.toString(p.pool());
         breakdown.add(pool, "waiting for a connection", p.mean(s -> s.acquire().avg()))
               .add(pool, "in the database (query)", p.mean(s -> s.query().avg()))
               .add(pool, "client (release, between operations)", p.mean(SweepPage::clientMs));
      }
      breakdown.writeSvg(dir.resolve(w + "-time.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-time.svg", w + " where the time goes: acquire wait, database, client"});

      new LineChart(w + ": fairness between users", "pool size (connections)", "1 = every user served alike")
            .log2X().yUpTo(1.05)
            .measured("Jain's index", pools, means(steps, s -> s.perUser().jain()))
            .measured("least-served user / median user", pools,
                  means(steps, s -> s.perUser().median() > 0 ? s.perUser().min() / s.perUser().median() : 0))
            .writeSvg(dir.resolve(w + "-fairness.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-fairness.svg", w + " fairness vs pool size"});
      return images;
   }

   /** A measured series of pool means, with error bars when the sweep was repeated. */
   private static void measured(LineChart chart, Sizing sizing, String name, double[] pools, List<Sizing.Pool> steps,
                                java.util.function.Function<Sizing.Pool, Estimate> f) {
      double[] mean = steps.stream().mapToDouble(p -> f.apply(p).mean()).toArray();
      if (sizing.repeated()) {
         chart.measured(name, pools, mean, steps.stream().mapToDouble(p -> f.apply(p).low()).toArray(),
               steps.stream().mapToDouble(p -> f.apply(p).high()).toArray());
      } else {
         chart.measured(name, pools, mean);
      }
   }

   static double[] means(List<Sizing.Pool> pools, java.util.function.ToDoubleFunction<StepResult> f) {
      return pools.stream().mapToDouble(p -> p.mean(f)).toArray();
   }

   /**
    * The client's share of an operation: giving the connection back (total - acquire - query) and the time until
    * the user's next operation starts.
    */
   static double clientMs(StepResult s) {
      double between = Double.isFinite(s.betweenMs()) ? s.betweenMs() : 0;
      return Math.max(0, s.total().avg() - s.acquire().avg() - s.query().avg()) + between;
   }

   /** Small multiples of the pool over time, one per pool size, of the first pass. */
   static List<String[]> timelineCharts(SweepRun run, Sizing sizing) {
      String w = sizing.workload();
      List<TimelinePoint> points = TimelineFile.read(run.folder()).stream()
            .filter(p -> p.workload().equals(w) && p.repetition() == 1).toList();
      List<String[]> images = new ArrayList<>();
      for (Sizing.Pool pool : sizing.pools()) {
         List<TimelinePoint> step = points.stream().filter(p -> p.pool() == pool.pool()).toList();
         if (step.isEmpty()) {
            continue;
         }
         double[] t = step.stream().mapToDouble(p -> p.ms() / 1000).toArray();
         LineChart chart = new LineChart(w + " pool " + pool.pool(), "s into the window", "count")
               .measured("ops / 100 ms", t, step.stream().mapToDouble(p -> p.completed()).toArray())
               .measured("active", t, step.stream().mapToDouble(p -> known(p.active())).toArray())
               .measured("idle", t, step.stream().mapToDouble(p -> known(p.idle())).toArray())
               .measured("waiting", t, step.stream().mapToDouble(p -> known(p.waiting())).toArray())
               .right("acquire P99 ms", "acquire P99 ms", t, step.stream().mapToDouble(TimelinePoint::acquireP99Ms)
                     .toArray());
         String file = w + "-timeline-" + pool.pool() + ".svg";
         chart.writeSvg(run.folder().resolve(file), SMALL_WIDTH, SMALL_HEIGHT);
         images.add(new String[] {file, w + " pool " + pool.pool() + " over time"});
      }
      return images;
   }

   private static double known(int count) {
      return count < 0 ? Double.NaN : count;
   }

   /** The steps a chart shows: one without a single operation has no times, and a log axis no place for 0. */
   static List<StepResult> withOperations(List<StepResult> steps) {
      return steps.stream().filter(s -> s.ok() > 0).toList();
   }

   /** Points between the pool sizes, four per doubling, so that a model draws as a curve. */
   static double[] smooth(double[] pools) {
      double min = java.util.Arrays.stream(pools).min().orElse(1);
      double max = java.util.Arrays.stream(pools).max().orElse(1);
      List<Double> n = new ArrayList<>();
      for (double x = min; x < max * 1.0001; x *= Math.pow(2, 0.25)) {
         n.add(x);
      }
      return n.stream().mapToDouble(Double::doubleValue).toArray();
   }

   static double[] values(List<StepResult> steps, java.util.function.ToDoubleFunction<StepResult> f) {
      return steps.stream().mapToDouble(f).toArray();
   }

   private static Table stepsTable(Sizing sizing) {
      boolean repeated = sizing.repeated();
      Table table = new Table(List.of("pool", "ok", "ko", "ko outside", "ops/s", "ceiling ops/s", "% of ceiling",
            "acquire avg", "acquire P99", "query avg", "total avg", "total P99", "client avg", "database", "client CPU",
            "CPU µs/op"));
      Sizing.Pool pick = sizing.choice().pick();
      for (StepResult s : sizing.steps()) {
         double ceiling = sizing.s1Step() == null ? Double.NaN : sizing.ceiling(s.pool());
         boolean picked = pick != null && pick.steps().contains(s);
         table.add(List.of(s.pool() + (repeated ? " #" + s.repetition() : "") + (s.complete() ? "" : " (incomplete)")
                     + (picked ? " (recommended)" : "") + (s.clientCpu().clientBound() ? " (client-bound)" : ""),
               Long.toString(s.ok()), Long.toString(s.ko()), Long.toString(s.koOutside()), fixed(s.throughput(), 1),
               fixed(ceiling, 1),
               ratioPercent(s.throughput() / ceiling), fixed(s.acquire().avg(), 3), fixed(s.acquire().p99(), 3),
               fixed(s.query().avg(), 3), fixed(s.total().avg(), 3), fixed(s.total().p99(), 3),
               fixed(clientMs(s), 3), database(sizing, s), SweepTables.percent(s.clientCpu().share()),
               NumberText.fixedOrNa(s.clientCpu().microsPerOp(), 0)),
               picked ? "good" : s.failures() > 0 || s.clientCpu().clientBound() ? "bad" : null);
      }
      return table;
   }

   /** What the database did in a step, as the steps table shows it. */
   static String database(Sizing sizing, StepResult s) {
      DatabaseActivity db = s.database();
      if (db == null || !db.known()) {
         return "unknown";
      }
      String text = db.what() + " " + fixed(db.avg(), 2) + " / " + fixed(db.max(), 2);
      return sizing.saturated(s) ? text + " database saturated" : text;
   }

   private static Table poolsTable(Sizing sizing) {
      Table table = new Table(List.of("pool", "passes", "ops/s", "acquire P99", "total P99"));
      Sizing.Pool pick = sizing.choice().pick();
      for (Sizing.Pool p : sizing.pools()) {
         table.add(List.of(p.pool() + (p == pick ? " (recommended)" : ""), Integer.toString(p.steps().size()),
               SizingText.estimate(p.throughput(), 1), SizingText.estimate(p.acquireP99(), 3),
               SizingText.estimate(p.totalP99(), 3)), p == pick ? "good" : null);
      }
      return table;
   }

   private static Table fairnessTable(Sizing sizing) {
      Table table = new Table(List.of("pool", "users", "ops/user min", "median", "max", "Jain's index",
            "acquire avg", "FIFO wait", "acquire P99", "acquire max", "starved?"));
      for (StepResult s : sizing.steps()) {
         boolean starved = Sizing.starved(s);
         table.add(List.of(Integer.toString(s.pool()), Integer.toString(s.users()), Long.toString(s.perUser().min()),
               fixed(s.perUser().median(), 1), Long.toString(s.perUser().max()),
               fixed(s.perUser().jain(), 3), fixed(s.acquire().avg(), 3),
               s.ok() > 0 ? fixed(Sizing.fifoWaitMs(s), 3) : "", fixed(s.acquire().p99(), 3), fixed(s.acquire().max(), 3),
               starved ? "STARVED" : Sizing.judged(s) ? "no" : "too few operations"), starved ? "bad" : null);
      }
      return table;
   }

   private static void fairnessExplained(Html html, List<Sizing> sizings) {
      html.h2("Fairness: why the P99 wait can approach the whole window", "fairness");
      List<StepResult> judged = sizings.stream().flatMap(s -> s.steps().stream())
            .filter(s -> Sizing.judged(s) && s.pool() < s.users()).toList();
      Optional<StepResult> starved = judged.stream().filter(Sizing::starved)
            .max(Comparator.comparingDouble(s -> s.acquire().p99()));
      Optional<StepResult> widest = judged.stream()
            .max(Comparator.comparingDouble(s -> s.acquire().p99() / Sizing.fifoWaitMs(s)));
      if (starved.isPresent()) {
         html.boxHtml("warn", Html.escape(spread("Starved step: ", starved.get())));
      } else if (widest.isPresent()) {
         html.boxHtml("answer", Html.escape(spread("No user was starved in this run. The widest spread of waits: ",
               widest.get())));
      }
      html.p("With fewer connections than users, most users are waiting for a connection at any moment. If they "
            + "queued in order, each would wait about the same time: (users - pool) / throughput. HikariCP does not "
            + "keep such a queue. A connection that comes back is offered to the thread that has waited longest, "
            + "but any thread that asks for a connection at that moment looks at the shared list first and may take "
            + "it before the hand-off lands; often that is the user who just gave it back, since in a closed loop it "
            + "comes straight back for its next operation. A waiter that loses the race goes back to waiting, "
            + "behind everybody else. Nothing protects a long waiter, so a few unlucky users lose again and again.");
      html.p("That is why the P99 acquire wait can approach the whole measured window while the average stays near "
            + "the FIFO wait: the slowest 1% of waits belong to the starved users, not to a long queue everybody "
            + "shares. P99 here describes the unlucky users, not a typical request; read it together with the "
            + "operations per user. The fix is a pool large enough that users rarely wait (the recommendation above), "
            + "or fewer concurrent users: a pool is not a fair scheduler and is not meant to be one.");
   }

   private static String spread(String lead, StepResult s) {
      return String.format(Locale.ROOT, "%s%s pool=%d. In a first-come-first-served queue every wait would be about "
                  + "%.1f ms; the P99 wait was %.1f ms and the longest %.1f ms. The least-served user completed %d "
                  + "operations, the median user %.1f, the busiest %d (Jain's index %.3f).", lead, s.workload(),
            s.pool(), Sizing.fifoWaitMs(s), s.acquire().p99(), s.acquire().max(), s.perUser().min(),
            s.perUser().median(), s.perUser().max(), s.perUser().jain());
   }

   private static void definitions(Html html) {
      html.h2("How the numbers are defined", "definitions");
      html.listHtml(List.of(
            "<b>Throughput</b>: successful operations completed inside the measured window / window seconds.",
            "<b>S1</b>: the smallest average query time (prepare, execute, read all rows) among the complete steps, "
                  + "normally at pool=1 where a connection works alone: the service time measured in this run, not "
                  + "the nominal sleep. Being the smallest, it makes the ceiling a true bound.",
            "<b>Little's-law ceiling</b>: a pool of N connections, each busy S1 per operation, completes at most "
                  + "N / S1 operations per second; with more connections than users, users / S1.",
            "<b>Where the time goes</b>: per operation, the average acquire wait, the time in the database (query) "
                  + "and the client's share (giving the connection back, then the time until the user's next "
                  + "operation). They add up to users / throughput (Little's law for the closed loop).",
            "<b>Database saturated</b>: the embedded server's process used at least 90% of the server's cores "
                  + "through the window (its CPU time from /proc, sampled every 100 ms).",
            "<b>Acquire</b>: time in getConnection(), failed operations included; <b>total</b>: acquire + query + "
                  + "giving the connection back. Percentiles from HdrHistogram.",
            "<b>Jain's index</b> (sum x)^2 / (n sum x^2) over the operations per user: 1 when every user completed "
                  + "the same number, 1/n when one user did everything.",
            "<b>Recommendation</b>: among pool sizes whose steps are complete and without failures, the smallest "
                  + "whose throughput is within 5% of the best; with -Drepeat, whose mean throughput is not "
                  + "significantly below 95% of the best mean (one-sided Welch test at 5%).",
            "<b>USL</b> (Universal Scalability Law): X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)), fitted "
                  + "by Levenberg-Marquardt least squares on relative errors over the pools up to the number of "
                  + "users; sigma measures contention, kappa coherency cost, and N* = sqrt((1 - sigma) / kappa) is "
                  + "where throughput peaks."));
   }
}
