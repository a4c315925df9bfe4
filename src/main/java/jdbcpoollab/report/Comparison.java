package jdbcpoollab.report;

import jdbcpoollab.analysis.Estimate;
import jdbcpoollab.analysis.PoolSize;
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
import java.util.function.Function;

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
      html.p("A = " + a.name() + ", B = " + b.name() + ". " + passes(a, b) + "Timings on a shared machine swing: read "
            + "differences of a few percent as noise.");
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
         Sizing sa = RunSizings.sizing(a, w);
         Sizing sb = RunSizings.sizing(b, w);
         LineChart throughput = new LineChart(w + ": throughput, A vs B", "pool size (connections)", "operations/s")
               .log2X();
         SweepCharts.measured(throughput, sa, "A " + a.name(), PoolSize::throughput);
         SweepCharts.measured(throughput, sb, "B " + b.name(), PoolSize::throughput);
         throughput.writeSvg(dir.resolve("compare-" + w + "-throughput.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
         LineChart acquire = new LineChart(w + ": P99 acquire wait, A vs B", "pool size (connections)",
               "ms (log scale)").log2X().logY(SweepCharts.TIME_FLOOR_MS);
         SweepCharts.measured(acquire, sa, "A " + a.name(), PoolSize::acquireP99);
         SweepCharts.measured(acquire, sb, "B " + b.name(), PoolSize::acquireP99);
         acquire.writeSvg(dir.resolve("compare-" + w + "-acquire.svg"), SweepCharts.WIDTH, SweepCharts.HEIGHT);
         images.add(new String[] {"compare-" + w + "-throughput.svg", w + " throughput of both runs"});
         images.add(new String[] {"compare-" + w + "-acquire.svg", w + " P99 acquire wait of both runs"});
      }
      html.images(images);
      for (String w : workloads) {
         Sizing sa = RunSizings.sizing(a, w);
         Sizing sb = RunSizings.sizing(b, w);
         html.h3(w + ": " + b.query(w));
         html.listHtml(List.of("A " + Html.escape(SizingText.headline(sa)), "B " + Html.escape(SizingText.headline(sb))));
         html.table(byPool(sa, sb));
      }
   }

   /**
    * How often each step ran: with {@code -Drepeat} a run's numbers are the means of its passes, with their 95%
    * interval (the charts' error bars), not its first pass.
    */
   private static String passes(SweepRun a, SweepRun b) {
      int pa = passes(a);
      int pb = passes(b);
      if (pa == 1 && pb == 1) {
         return "Each step ran once. ";
      }
      String means = " (-Drepeat): the numbers below are the means of the passes, with their 95% interval in "
            + "brackets and as the charts' error bars. ";
      if (pa == pb) {
         return "Each step of both ran " + pa + " times" + means;
      }
      return "Each step of A ran " + times(pa) + ", of B " + times(pb) + means;
   }

   private static int passes(SweepRun run) {
      return run.steps().stream().mapToInt(StepResult::repetition).max().orElse(1);
   }

   private static String times(int passes) {
      return passes == 1 ? "once" : passes + " times";
   }

   /** A warning for a run that did not finish every step: its numbers are not those of a finished run. */
   private static void unfinished(Html html, String label, SweepRun run) {
      long cut = run.steps().stream().filter(s -> !s.outcome().complete()).count();
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
      a.pools().forEach(p -> pools.add(p.pool()));
      b.pools().forEach(p -> pools.add(p.pool()));
      for (int pool : pools) {
         PoolSize pa = pool(a, pool);
         PoolSize pb = pool(b, pool);
         String change = pa != null && pb != null && pa.throughput().mean() > 0
               ? signedPercent(100 * (pb.throughput().mean() / pa.throughput().mean() - 1)) : "";
         boolean cut = !complete(pa) || !complete(pb);
         table.add(List.of(Integer.toString(pool), throughput(pa), throughput(pb), change,
               estimate(pa, PoolSize::acquireP99), estimate(pb, PoolSize::acquireP99),
               estimate(pa, PoolSize::totalP99), estimate(pb, PoolSize::totalP99),
               pa == null ? "" : fixed(pa.mean(s -> s.outcome().perUser().jain()), 3),
               pb == null ? "" : fixed(pb.mean(s -> s.outcome().perUser().jain()), 3)), cut ? "bad" : null);
      }
      return table;
   }

   private static boolean complete(PoolSize pool) {
      return pool == null || pool.steps().stream().allMatch(s -> s.outcome().complete());
   }

   /** A pool size's throughput, marked when one of its steps did not measure its whole window. */
   private static String throughput(PoolSize pool) {
      return pool == null ? "" : SizingText.estimate(pool.throughput(), 1) + (complete(pool) ? "" : " (incomplete)");
   }

   private static String estimate(PoolSize pool, Function<PoolSize, Estimate> f) {
      return pool == null ? "" : SizingText.estimate(f.apply(pool), 3);
   }

   private static PoolSize pool(Sizing sizing, int pool) {
      return sizing.pools().stream().filter(p -> p.pool() == pool).findFirst().orElse(null);
   }
}
