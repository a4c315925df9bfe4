package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.FaultResult;
import jdbcpoollab.measure.FaultSample;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The results of a scenario beyond steady state (Outage, Burst, Lifetime), one per source: its figures and one-line
 * answer (summary.json's "sources"), its samples ({@link FaultTimeline}), how its operations failed, and the page
 * with the answers, the failures and a chart set per source. A scenario says what its figures are.
 *
 * @param <R> the scenario's result of one source
 */
abstract class FaultSummary<R extends FaultResult> implements Summary {
   private final String title;
   private final FaultTimeline timeline;
   private final List<R> results = new ArrayList<>();
   /** The sources cut short (the run interrupted while they ran) and why, by source. */
   private final Map<String, String> incomplete = new LinkedHashMap<>();

   /** @param scenario such as {@code outage}: its timeline's and charts' file names */
   FaultSummary(String title, String scenario) {
      this.title = title;
      this.timeline = new FaultTimeline(scenario);
   }

   abstract String answer(R r);

   /** The page's and the console's table of answers, one row per source. */
   abstract Table answers(List<R> all);

   /** What the page says under its title, as HTML. */
   abstract String introHtml();

   /** What the page says under the charts. */
   abstract String chartsNote();

   /** Figures of a source summary.json holds beside its result's own, as a record; null when there are none. */
   Record more(R r) {
      return null;
   }

   /**
    * A source as summary.json's {@code sources} holds it: its result, the scenario's own figures, its answer, and why
    * it was cut short when it was.
    */
   record Source(@JsonUnwrapped FaultResult result, @JsonUnwrapped Record more, String answer,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String incomplete) {
   }

   /** The scenario's part of summary.json. */
   record Written(List<Source> sources) {
   }

   /** A source done: its result, and its samples with the moments (ms) its charts mark. */
   public final synchronized void add(R result, List<FaultSample> samples, double... marksMs) {
      results.add(result);
      timeline.add(result.source(), samples, marksMs);
   }

   /** A source cut short: what it measured until then, kept and marked incomplete with {@code why}. */
   public final synchronized void addPartial(R result, String why, List<FaultSample> samples, double... marksMs) {
      add(result, samples, marksMs);
      incomplete.put(result.source(), why);
   }

   /** The samples of every source, written to the run folder after each. */
   public final FaultTimeline timeline() {
      return timeline;
   }

   /** The results so far. */
   final synchronized List<R> results() {
      return List.copyOf(results);
   }

   @Override
   public final synchronized Map<String, Object> json() {
      return Json.toMap(new Written(results.stream().map(r -> new Source(r, more(r), answer(r),
            incomplete.get(r.source()))).toList()));
   }

   private Table howTheyFailed() {
      Map<String, Map<String, Long>> failures = new LinkedHashMap<>();
      results.forEach(r -> failures.put(r.source(), r.failures()));
      return FaultTimeline.failures(failures);
   }

   @Override
   public final synchronized String tables(boolean markdown) {
      String heading = markdown ? "## " + title + "\n\n" : title + "\n";
      String failures = markdown ? "\n## How they failed\n\n" : "\nHow they failed\n";
      Table answers = answers(results);
      return heading + (markdown ? answers.markdown() : answers.text()) + failures
            + (markdown ? howTheyFailed().markdown() : howTheyFailed().text());
   }

   @Override
   public final synchronized Map<String, Long> failures() {
      Map<String, Long> all = new LinkedHashMap<>();
      results.forEach(r -> r.failures().forEach((message, count) -> all.put(r.source() + ": " + message, count)));
      return all;
   }

   @Override
   public final synchronized boolean complete() {
      return incomplete.isEmpty() && results.stream().allMatch(r -> r.openFailure() == null);
   }

   @Override
   public final synchronized Optional<Path> page(Path runFolder, Path compareWith) {
      String name = title.split(" ")[0] + " " + runFolder.getFileName();
      Html html = new Html(name);
      html.h1(name);
      html.pHtml("<span class=\"muted\">" + introHtml() + " " + Html.link("../index.html", "All runs") + "</span>");
      html.table(answers(results));
      html.h2("How they failed", "failures");
      html.table(howTheyFailed());
      for (R r : results) {
         html.h2(r.source(), "source-" + r.source());
         html.p(answer(r));
         timeline.charts(html, runFolder, r.source());
      }
      html.p(chartsNote());
      Path page = runFolder.resolve("index.html");
      AtomicFile.write(page, html.page());
      return Optional.of(page);
   }
}
