package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.signedPercent;

/** Two sweeps side by side: settings that differ, throughput and waits pool by pool, and both recommendations. */
public final class Comparison {

   private Comparison() {
   }

   /** {@code results/compare-<a>-vs-<b>/index.html}, with its charts beside it. */
   public static Path page(SweepRun a, SweepRun b) {
      Path dir = a.folder().toAbsolutePath().getParent().resolve("compare-" + a.name() + "-vs-" + b.name());
      try {
         Files.createDirectories(dir);
      } catch (IOException e) {
         throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
      }
      Html html = new Html(a.name() + " vs " + b.name());
      html.h1(a.name() + " vs " + b.name());
      html.pHtml(Html.link("../" + a.name() + "/index.html", a.name()) + " (A) against "
            + Html.link("../" + b.name() + "/index.html", b.name()) + " (B). " + Html.link("../index.html", "All runs"));
      section(html, a, b, dir);
      Path page = dir.resolve("index.html");
      AtomicFile.write(page, html.page());
      return page;
   }

   /** The comparison of run {@code a} (A, the baseline) with run {@code b} (B), charts written into {@code dir}. */
   public static void section(Html html, SweepRun a, SweepRun b, Path dir) {
      html.p("A = " + a.name() + ", B = " + b.name() + ". Each step ran once and timings on a shared machine "
            + "swing: read differences of a few percent as noise.");
      unfinished(html, "A", a);
      unfinished(html, "B", b);
      Table settings = new Table(List.of("setting", "A", "B"));
      Set<String> names = new LinkedHashSet<>(a.settings().keySet());
      names.addAll(b.settings().keySet());
      for (String name : names) {
         String va = a.setting(name);
         String vb = b.setting(name);
         if (!va.equals(vb) || name.equals("database") || name.equals("cores")) {
            settings.add(List.of(name, va, vb), va.equals(vb) ? null : "bad");
         }
      }
      html.table(settings);
      List<String> workloads = a.workloads().stream().filter(b.workloads()::contains).toList();
      if (workloads.isEmpty()) {
         html.p("The two runs have no workload in common.");
      }
      List<String[]> images = new ArrayList<>();
      for (String w : workloads) {
         List<StepResult> sa = SweepCharts.withOperations(a.steps(w));
         List<StepResult> sb = SweepCharts.withOperations(b.steps(w));
         new LineChart(w + ": throughput, A vs B", "pool size (connections)", "operations/s").log2X()
               .measured("A " + a.name(), pools(sa), SweepCharts.values(sa, StepResult::throughput))
               .measured("B " + b.name(), pools(sb), SweepCharts.values(sb, StepResult::throughput))
               .writeSvg(dir.resolve("compare-" + w + "-throughput.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
         new LineChart(w + ": P99 acquire wait, A vs B", "pool size (connections)", "ms (log scale)").log2X()
               .logY(SweepCharts.TIME_FLOOR_MS)
               .measured("A " + a.name(), pools(sa), SweepCharts.values(sa, s -> s.acquire().p99()))
               .measured("B " + b.name(), pools(sb), SweepCharts.values(sb, s -> s.acquire().p99()))
               .writeSvg(dir.resolve("compare-" + w + "-acquire.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
         images.add(new String[] {"compare-" + w + "-throughput.svg", w + " throughput of both runs"});
         images.add(new String[] {"compare-" + w + "-acquire.svg", w + " P99 acquire wait of both runs"});
      }
      html.images(images);
      for (String w : workloads) {
         Sizing sa = SweepPage.sizing(a, w);
         Sizing sb = SweepPage.sizing(b, w);
         html.h3(w + ": " + b.query(w));
         html.listHtml(List.of("A " + Html.escape(SizingText.headline(sa)), "B " + Html.escape(SizingText.headline(sb))));
         html.table(byPool(sa, sb));
      }
   }

   /** A warning for a run that did not finish every step: its numbers are not those of a finished run. */
   private static void unfinished(Html html, String label, SweepRun run) {
      long cut = run.steps().stream().filter(s -> !s.complete()).count();
      if ("complete".equals(run.state()) && cut == 0) {
         return;
      }
      List<String> lines = new ArrayList<>();
      lines.add(label + " " + run.name() + " is " + ("running".equals(run.state()) ? "still running" : run.state())
            + ": " + cut + " of " + run.steps().size() + " steps incomplete; its numbers are not those of a "
            + "finished run, and its incomplete steps are marked below.");
      if (run.summary().get("incomplete") instanceof Map<?, ?> why) {
         why.forEach((step, reason) -> lines.add(step + ": " + reason));
      }
      if (run.summary().get("error") instanceof String error) {
         lines.add(error);
      }
      html.boxHtml("warn", String.join("<br>", lines.stream().map(Html::escape).toList()));
   }

   private static Table byPool(Sizing a, Sizing b) {
      Table table = new Table(List.of("pool", "A ops/s", "B ops/s", "B vs A", "A acquire P99", "B acquire P99",
            "A total P99", "B total P99", "A Jain", "B Jain"));
      Set<Integer> pools = new TreeSet<>();
      a.steps().forEach(s -> pools.add(s.pool()));
      b.steps().forEach(s -> pools.add(s.pool()));
      for (int pool : pools) {
         StepResult sa = step(a, pool);
         StepResult sb = step(b, pool);
         String change = sa != null && sb != null && sa.throughput() > 0
               ? signedPercent(100 * (sb.throughput() / sa.throughput() - 1)) : "";
         boolean cut = (sa != null && !sa.complete()) || (sb != null && !sb.complete());
         table.add(List.of(Integer.toString(pool), throughput(sa), throughput(sb), change,
               sa == null ? "" : fixed(sa.acquire().p99(), 3), sb == null ? "" : fixed(sb.acquire().p99(), 3),
               sa == null ? "" : fixed(sa.total().p99(), 3), sb == null ? "" : fixed(sb.total().p99(), 3),
               sa == null ? "" : fixed(sa.perUser().jain(), 3),
               sb == null ? "" : fixed(sb.perUser().jain(), 3)), cut ? "bad" : null);
      }
      return table;
   }

   /** A step's throughput, marked when the step did not measure its whole window. */
   private static String throughput(StepResult step) {
      return step == null ? "" : fixed(step.throughput(), 1) + (step.complete() ? "" : " (incomplete)");
   }

   private static StepResult step(Sizing sizing, int pool) {
      // the first pass of a repeated sweep
      return sizing.steps().stream().filter(s -> s.pool() == pool).findFirst().orElse(null);
   }

   private static double[] pools(List<StepResult> steps) {
      return steps.stream().mapToDouble(StepResult::pool).toArray();
   }
}
