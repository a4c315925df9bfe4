package jdbcpoollab.report;

import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.sharePercent;

/**
 * {@code results/<run>/index.html}: a sweep's answer to "how big should my pool be?", with its charts as SVG files
 * next to it. Everything on it is computed from the run's {@code summary.json}.
 */
public final class SweepPage {
   private SweepPage() {
   }

   /** Writes the page and its charts into the run's folder; {@code baseline} may be null. */
   public static Path write(SweepRun run, SweepRun baseline) {
      Html html = new Html(run.simulation() + " " + run.name());
      html.h1(run.simulation() + " " + run.name());
      html.pHtml("<span class=\"muted\">How big should the pool be? Run state: <b>" + Html.escape(run.state())
            + "</b>. " + Html.link("../index.html", "All runs") + "</span>");
      List<String> sources = run.sources();
      List<Sizing> sizings = RunSizings.sizings(run);
      FirstLines.of(run, sizings).forEach(line -> html.boxHtml("warn", Html.escape(line)));
      if (!sizings.isEmpty()) {
         html.boxHtml("answer", "<b>Recommended pool size</b>"
               + sizings.stream().map(s -> "<br>" + Html.escape(SizingText.headline(s))).collect(Collectors.joining())
               + "<br><span class=\"muted\">" + SweepProse.RULE_HTML + "</span>");
         html.table(SweepTables.recommendations(sizings));
      } else {
         html.boxHtml("warn", "This run has no finished step yet.");
      }
      List<StepResult> thin = run.steps().stream().filter(s -> s.counts().ok() < s.counts().users()).toList();
      if (!thin.isEmpty()) {
         html.boxHtml("warn", Html.escape(SweepProse.tooShort(thin.stream()
               .map(s -> s.label() + " (" + s.counts().ok() + " operations)").toList())));
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

   /** The run's gates and, with {@code -Dbaseline}, its step-by-step diff against the baseline run. */
   @SuppressWarnings("unchecked")
   private static void gates(Html html, SweepRun run) {
      Object listed = run.summary().get("gates");
      if (!(listed instanceof List<?> gates) || gates.isEmpty()) {
         return;
      }
      List<GateResult> results = gates.stream().map(g -> GateResult.fromMap((Map<String, Object>) g, run.poolWidth()))
            .toList();
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
               + " <span class=\"muted\">" + SweepProse.GATLING_NOTE_HTML + "</span>");
      }
      for (String file : List.of("summary.json", "summary.csv", "summary.md")) {
         links.add(Html.link(file, file));
      }
      html.listHtml(links);
   }

   private static void workload(Html html, SweepRun run, Sizing sizing) {
      String w = sizing.workload();
      html.h2("Workload " + w + ": " + run.query(w), "workload-" + w);
      List<String> reasons = new ArrayList<>();
      Answers.lines(run.summary(), sizing, run.steps().stream().filter(r -> Answers.series(r).equals(w)).toList())
            .forEach(line -> reasons.add("<b>" + Html.escape(line) + "</b>"));
      SizingText.reasoning(sizing).forEach(line -> reasons.add(Html.escape(line)));
      html.boxHtml(sizing.choice().pick() != null ? "answer" : "warn",
            "<b>" + Html.escape(SizingText.headline(sizing)) + "</b><ul><li>" + String.join("</li><li>", reasons)
                  + "</li></ul>");
      html.images(SweepCharts.charts(run.folder(), sizing));
      if (sizing.repeated()) {
         html.h3("Pool sizes over " + sizing.pools().get(0).steps().size() + " passes (-Drepeat)");
         html.p(SweepProse.PASSES);
         html.table(WorkloadTables.passes(sizing));
      }
      html.h3("Steps");
      html.p(SweepProse.STEPS);
      List<String> bound = sizing.steps().stream().filter(s -> s.resources().clientCpu().clientBound())
            .map(s -> Html.escape(s.label() + " (client CPU "
                  + sharePercent(s.resources().clientCpu().share()) + "): " + ClientCpu.BOUND))
            .toList();
      if (!bound.isEmpty()) {
         html.boxHtml("warn", String.join("<br>", bound));
      }
      List<String> disturbed = sizing.steps().stream().map(DisturbedText::step).filter(Objects::nonNull)
            .map(Html::escape).toList();
      if (!disturbed.isEmpty()) {
         html.boxHtml("warn", String.join("<br>", disturbed));
      }
      html.table(WorkloadTables.steps(sizing));
      html.p(SweepProse.STEP_TIMES);
      List<String> warnings = sizing.steps().stream().map(StepChecksText::warning).filter(Objects::nonNull)
            .map(Html::escape).toList();
      if (!warnings.isEmpty()) {
         html.boxHtml("warn", String.join("<br>", warnings));
      }
      html.table(WorkloadTables.stepTimes(sizing));
      html.p(SustainableRates.line(sizing));
      List<String[]> timeline = SweepCharts.timelineCharts(run, sizing);
      if (!timeline.isEmpty()) {
         html.h3("Pool over time");
         html.p(SweepProse.TIMELINE);
         html.smallImages(timeline);
      }
      html.h3("Fairness: operations per user");
      html.p(SweepProse.FAIRNESS);
      html.table(WorkloadTables.fairness(sizing));
      sizing.steps().stream().filter(Sizing::unfair).forEach(s -> html.boxHtml("warn",
            "<b>What P99 means here</b><br>" + SweepProse.whatP99Means(s).stream().map(Html::escape)
                  .collect(Collectors.joining("<br>"))));
   }


   private static void fairnessExplained(Html html, List<Sizing> sizings) {
      html.h2("Fairness: why the P99 wait can approach the whole window", "fairness");
      List<StepResult> judged = sizings.stream().flatMap(s -> s.steps().stream())
            .filter(s -> Sizing.judged(s) && s.pool() < s.counts().users()).toList();
      Optional<StepResult> starved = judged.stream().filter(Sizing::starved)
            .max(Comparator.comparingDouble(s -> s.times().acquire().p99()));
      Optional<StepResult> widest = judged.stream()
            .max(Comparator.comparingDouble(s -> s.times().acquire().p99() / Sizing.fifoWaitMs(s)));
      if (starved.isPresent()) {
         html.boxHtml("warn", Html.escape(SweepProse.spread(SweepProse.STARVED, starved.get())));
      } else if (widest.isPresent()) {
         html.boxHtml("answer", Html.escape(SweepProse.spread(SweepProse.NOT_STARVED, widest.get())));
      }
      SweepProse.WHY_UNFAIR.forEach(html::p);
   }

   private static void definitions(Html html) {
      html.h2("How the numbers are defined", "definitions");
      html.listHtml(SweepProse.DEFINITIONS_HTML);
   }
}
