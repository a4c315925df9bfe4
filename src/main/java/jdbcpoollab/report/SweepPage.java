package jdbcpoollab.report;

import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

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
      List<Sizing> sizings = run.workloads().stream().map(w -> sizing(run, w)).toList();
      if (!sizings.isEmpty()) {
         html.boxHtml("answer", "<b>Recommended pool size</b>"
               + sizings.stream().map(s -> "<br>" + Html.escape(SizingText.headline(s))).collect(Collectors.joining())
               + "<br><span class=\"muted\">Rule: the smallest pool within 5% of the best throughput whose P99 "
               + "acquire wait is under " + NumberText.asGiven(sizings.get(0).acquireP99LimitMs())
               + " ms. Reasoning per workload below.</span>");
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
      settings(html, run);
      for (Sizing sizing : sizings) {
         workload(html, run, sizing);
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
               + " <span class=\"muted\">(its Cnt/s columns divide by the whole run, not by a step's window)</span>");
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
      html.boxHtml(sizing.choice().meetsWaitLimit() ? "answer" : "warn",
            "<b>" + Html.escape(SizingText.headline(sizing)) + "</b><ul><li>" + String.join("</li><li>", reasons)
                  + "</li></ul>");
      html.images(charts(run.folder(), sizing));
      html.h3("Steps");
      html.p("Times in ms. Ceiling = min(pool, users) / S1 (Little's law). Busy connections = throughput x average "
            + "query time (Little's law); utilisation = busy / pool. Client CPU = this JVM's CPU during the window / "
            + "(cores x window), with its µs per operation.");
      List<String> bound = sizing.steps().stream().filter(s -> s.clientCpu().clientBound())
            .map(s -> Html.escape(s.label() + " (client CPU " + SweepTables.percent(s.clientCpu().share()) + "): "
                  + ClientCpu.BOUND))
            .toList();
      if (!bound.isEmpty()) {
         html.boxHtml("warn", String.join("<br>", bound));
      }
      html.table(stepsTable(sizing));
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
      List<StepResult> steps = withOperations(sizing.steps());
      double[] pools = steps.stream().mapToDouble(StepResult::pool).toArray();
      List<String[]> images = new ArrayList<>();

      StepResult pick = sizing.choice().pick();
      LineChart throughput = new LineChart(w + ": throughput vs pool size"
            + (pick == null ? "" : " (recommended " + pick.pool() + ")"), "pool size (connections)", "operations/s")
            .log2X().measured("measured", pools, values(steps, StepResult::throughput));
      double top = steps.stream().mapToDouble(StepResult::throughput).max().orElse(1);
      if (sizing.s1Step() != null) {
         double[] ceiling = steps.stream().mapToDouble(s -> sizing.ceiling(s.pool())).toArray();
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

      new LineChart(w + ": connection wait and total time", "pool size (connections)", "ms (log scale)")
            .log2X().logY(TIME_FLOOR_MS)
            .measured("acquire avg", pools, values(steps, s -> s.acquire().avg()))
            .measured("acquire P99", pools, values(steps, s -> s.acquire().p99()))
            .measured("total avg", pools, values(steps, s -> s.total().avg()))
            .measured("total P99", pools, values(steps, s -> s.total().p99()))
            .writeSvg(dir.resolve(w + "-latency.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-latency.svg", w + " acquire wait and total time vs pool size"});

      new LineChart(w + ": busy connections (throughput x query time)", "pool size (connections)",
            "connections (log scale)")
            .log2X().logY(0.01)
            .measured("busy connections", pools, values(steps, Sizing::busy))
            .model("every connection busy", pools, pools)
            .writeSvg(dir.resolve(w + "-utilisation.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-utilisation.svg", w + " pool utilisation vs pool size"});

      new LineChart(w + ": fairness between users", "pool size (connections)", "1 = every user served alike")
            .log2X().yUpTo(1.05)
            .measured("Jain's index", pools, values(steps, s -> s.perUser().jain()))
            .measured("least-served user / median user", pools,
                  values(steps, s -> s.perUser().median() > 0 ? s.perUser().min() / s.perUser().median() : 0))
            .writeSvg(dir.resolve(w + "-fairness.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-fairness.svg", w + " fairness vs pool size"});
      return images;
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
      Table table = new Table(List.of("pool", "ok", "failed", "ops/s", "ceiling ops/s", "% of ceiling",
            "acquire avg", "acquire P99", "query avg", "total avg", "total P99", "busy connections", "utilisation",
            "client CPU", "CPU µs/op"));
      StepResult pick = sizing.choice().pick();
      for (StepResult s : sizing.steps()) {
         double ceiling = sizing.s1Step() == null ? Double.NaN : sizing.ceiling(s.pool());
         table.add(List.of(s.pool() + (s.complete() ? "" : " (incomplete)") + (s == pick ? " (recommended)" : "")
                     + (s.clientCpu().clientBound() ? " (client-bound)" : ""),
               Long.toString(s.ok()), Long.toString(s.failures()), fixed(s.throughput(), 1), fixed(ceiling, 1),
               ratioPercent(s.throughput() / ceiling), fixed(s.acquire().avg(), 3), fixed(s.acquire().p99(), 3),
               fixed(s.query().avg(), 3), fixed(s.total().avg(), 3), fixed(s.total().p99(), 3), fixed(Sizing.busy(s), 1),
               ratioPercent(Sizing.busy(s) / s.pool()), SweepTables.percent(s.clientCpu().share()),
               NumberText.fixedOrNa(s.clientCpu().microsPerOp(), 0)),
               s == pick ? "good" : s.failures() > 0 || s.clientCpu().clientBound() ? "bad" : null);
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
            "<b>Busy connections</b> = throughput x average query time (Little's law, L = lambda W); "
                  + "<b>utilisation</b> = busy / pool. 100% means every connection was always working: the pool was "
                  + "the limit if throughput still followed the ceiling, the database if it did not.",
            "<b>Acquire</b>: time in getConnection(), failed operations included; <b>total</b>: acquire + query + "
                  + "giving the connection back. Percentiles from HdrHistogram.",
            "<b>Jain's index</b> (sum x)^2 / (n sum x^2) over the operations per user: 1 when every user completed "
                  + "the same number, 1/n when one user did everything.",
            "<b>Recommendation</b>: among complete steps without failures, the smallest pool whose throughput is "
                  + "within 5% of the best and whose P99 acquire wait is under the limit (-DacquireP99Ms).",
            "<b>USL</b> (Universal Scalability Law): X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)), fitted "
                  + "by Levenberg-Marquardt least squares on relative errors over the pools up to the number of "
                  + "users; sigma measures contention, kappa coherency cost, and N* = sqrt((1 - sigma) / kappa) is "
                  + "where throughput peaks."));
   }
}
