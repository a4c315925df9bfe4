package jdbcpoollab.results;

import jdbcpoollab.analysis.Baseline;
import jdbcpoollab.analysis.PoolSize;
import jdbcpoollab.analysis.Recommendation;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.report.Html;
import jdbcpoollab.report.RunSizings;
import jdbcpoollab.report.Table;
import jdbcpoollab.report.TrendSection;
import jdbcpoollab.settings.PoolSweepSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code results/index.html}: every run, newest first, with its headline numbers, the trends of the complete runs
 * (and {@code results/trend.csv}), and the comparisons made.
 */
public final class RunIndex {

   private RunIndex() {
   }

   public static Path write(Path results) {
      List<SweepRun> runs = SweepRun.all(results);
      Html html = new Html("jdbc-pool-lab runs");
      html.h1("jdbc-pool-lab runs");
      html.p(runs.size() + " runs in " + results.toAbsolutePath().normalize() + ", newest first. Throughput is the "
            + "best step's operations per second; the recommended pool follows the rule on each run's page.");
      Table table = new Table(List.of("run", "simulation", "state", "database", "users", "s/step", "best throughput",
            "recommended pool", "side by side with the run before"));
      List<String> links = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
         SweepRun run = runs.get(i);
         String page = Files.exists(run.folder().resolve("index.html")) ? "index.html" : "summary.md";
         links.add(run.name() + "/" + page);
         PoolSweepSettings settings = run.sweepSettings();
         String database = run.environment().database();
         table.add(List.of(run.name(), run.simulation(), run.state(), database == null ? "" : database,
               settings.users() > 0 ? Integer.toString(settings.users()) : "",
               settings.seconds() > 0 ? Double.toString(settings.seconds()) : "", best(run), recommended(run),
               previousOf(runs, i)));
      }
      html.table(table, links);
      AtomicFile.write(results.resolve(TrendSection.CSV), TrendSection.write(html, results, trend(runs)));
      html.h2("Comparisons", "comparisons");
      List<String> comparisons = comparisons(results);
      html.p(comparisons.isEmpty() ? "None yet." : comparisons.size() + " written:");
      html.listHtml(comparisons.stream().map(c -> Html.link(c + "/index.html", c)).toList());
      html.pHtml("Each run's page compares it with the last complete run of its simulation before it (failed, "
            + "incomplete and interrupted runs are passed over). To put any two runs side by side: "
            + Html.code("mvn gatling:test -Dsim=Compare -Dcompare=<run-a>,<run-b>") + " (run folder names as listed "
            + "above; nothing is started, the comparison appears here).");
      Path index = results.resolve("index.html");
      AtomicFile.write(index, html.page());
      return index;
   }

   /** Each complete run's best and recommended pool per workload, oldest run first. */
   private static List<TrendSection.Point> trend(List<SweepRun> newestFirst) {
      List<SweepRun> runs = new ArrayList<>(newestFirst.stream().filter(SweepRun::comparable).toList());
      Collections.reverse(runs);
      List<TrendSection.Point> points = new ArrayList<>();
      for (SweepRun run : runs) {
         Boolean baseline = baselinePassed(run);
         for (Sizing s : RunSizings.sizings(run)) {
            PoolSize best = s.choice().best();
            if (best != null) {
               points.add(new TrendSection.Point(run.simulation(), s.workload(), run.name(), best.throughput().mean(),
                     best.pool(), s.choice().pick() == null ? null : s.choice().pick().pool(), baseline));
            }
         }
      }
      return points;
   }

   /** Whether every baseline gate of the run passed; null when it was held to no baseline. */
   private static Boolean baselinePassed(SweepRun run) {
      if (!(run.summary().get("gates") instanceof List<?> gates)) {
         return null;
      }
      List<Object> baseline = gates.stream().filter(g -> g instanceof Map<?, ?> m
            && List.of(Baseline.THROUGHPUT, Baseline.P99_TOTAL).contains(m.get("gate"))).map(g -> (Object) g).toList();
      return baseline.isEmpty() ? null
            : baseline.stream().allMatch(g -> Boolean.TRUE.equals(((Map<?, ?>) g).get("passed")));
   }

   private static String best(SweepRun run) {
      return RunSizings.sizings(run).stream().map(s -> {
         String w = s.workload();
         PoolSize best = s.choice().best();
         return best == null ? w + ": -"
               : String.format(Locale.ROOT, "%s: %.1f ops/s at %d", w, best.throughput().mean(), best.pool());
      }).collect(Collectors.joining("; "));
   }

   @SuppressWarnings("unchecked")
   private static String recommended(SweepRun run) {
      if (run.summary().get("answers") instanceof List<?> answers && !answers.isEmpty()) {
         return answers.stream().map(a -> answer((Map<String, Object>) a)).collect(Collectors.joining("; "));
      }
      return RunSizings.sizings(run).stream().map(s -> {
         Recommendation c = s.choice();
         return s.workload() + ": " + (c.pick() == null ? "-" : Integer.toString(c.pick().pool()));
      }).collect(Collectors.joining("; "));
   }

   /** A RateSweep's answer (the smallest pool that met its SLO at its rate) or a sweep's settled or open one. */
   private static String answer(Map<String, Object> a) {
      Object pool = a.get("pool");
      if (a.containsKey("rate")) {
         return a.get("workload") + ": " + (pool == null ? "none met the SLO" : pool) + " at " + a.get("rate") + "/s";
      }
      return a.get("workload") + ": " + (pool == null ? "-" : pool)
            + (Boolean.TRUE.equals(a.get("provisional")) ? " (provisional)"
            : Boolean.FALSE.equals(a.get("settled")) ? " (not settled)" : "");
   }

   private static String previousOf(List<SweepRun> runs, int i) {
      return runs.subList(i + 1, runs.size()).stream()
            .filter(r -> r.simulation().equals(runs.get(i).simulation()) && r.comparable())
            .findFirst().map(r -> "-Dsim=Compare -Dcompare=" + r.name() + "," + runs.get(i).name()).orElse("");
   }

   private static List<String> comparisons(Path results) {
      try (Stream<Path> dirs = Files.list(results)) {
         return dirs.filter(d -> d.getFileName().toString().startsWith("compare-"))
               .filter(d -> Files.exists(d.resolve("index.html")))
               .map(d -> d.getFileName().toString()).sorted(Comparator.reverseOrder()).toList();
      } catch (IOException e) {
         throw new UncheckedIOException("cannot list " + results + ": " + e.getMessage(), e);
      }
   }
}
