package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.FaultSample;
import jdbcpoollab.measure.OutageResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An Outage run's results: per source its figures and one-line answer (summary.json's "sources"), its samples
 * ({@code outage-timeline.csv}) and the page with a chart set per source.
 */
public final class OutageSummary implements Summary {
   private final String down;
   private final List<OutageResult> results = new ArrayList<>();
   private final FaultTimeline timeline = new FaultTimeline("outage");

   /** @param down how the database was unreachable, for the page */
   public OutageSummary(String down) {
      this.down = down;
   }

   /** A source done: its result, its samples and when (ms) the database went and came back. */
   public synchronized void add(OutageResult result, List<FaultSample> samples, double downMs, double backMs) {
      results.add(result);
      timeline.add(result.source(), samples, downMs, backMs);
   }

   /** The samples of every source, written to the run folder after each. */
   public FaultTimeline timeline() {
      return timeline;
   }

   @Override
   public synchronized Map<String, Object> json() {
      List<Map<String, Object>> sources = new ArrayList<>();
      for (OutageResult r : results) {
         Map<String, Object> row = new LinkedHashMap<>(Json.toMap(r));
         row.put("honoursTimeout", r.openFailure() == null && OutageText.honoured(r));
         row.put("answer", OutageText.answer(r));
         sources.add(row);
      }
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("sources", sources);
      return json;
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("source", "connectionTimeoutMs", "longestAcquireMs", "failed",
            "failedAfterReturn", "recoverySeconds", "steadyPerSecond", "leaked", "leftOpenAfterClose"));
      results.forEach(r -> table.add(List.of(r.source(), Integer.toString(r.connectionTimeoutMs()),
            String.format(Locale.ROOT, "%.1f", r.longestAcquireMs()), Long.toString(r.failed()),
            Long.toString(r.failedAfterReturn()), r.recoverySeconds() == null ? ""
                  : String.format(Locale.ROOT, "%.2f", r.recoverySeconds()),
            String.format(Locale.ROOT, "%.1f", r.steadyPerSecond()), Integer.toString(r.leaked()),
            Integer.toString(r.leftOpenAfterClose()))));
      return table;
   }

   private Table answers() {
      Table table = new Table(List.of("source", "longest getConnection s", "timeout s", "failed", "after return",
            "back to full throughput s", "answer"));
      results.forEach(r -> table.add(List.of(r.source(),
            String.format(Locale.ROOT, "%.2f", r.longestAcquireMs() / 1000),
            String.format(Locale.ROOT, "%.2f", r.connectionTimeoutMs() / 1000.0), Long.toString(r.failed()),
            Long.toString(r.failedAfterReturn()), r.recoverySeconds() == null ? "not back"
                  : String.format(Locale.ROOT, "%.1f", r.recoverySeconds()), OutageText.answer(r))));
      return table;
   }

   private Table howTheyFailed() {
      Map<String, Map<String, Long>> failures = new LinkedHashMap<>();
      results.forEach(r -> failures.put(r.source(), r.failures()));
      return FaultTimeline.failures(failures);
   }

   @Override
   public synchronized String tables(boolean markdown) {
      String title = markdown ? "## Outage (" + down + ")\n\n" : "Outage (" + down + ")\n";
      String failures = markdown ? "\n## How they failed\n\n" : "\nHow they failed\n";
      return title + (markdown ? answers().markdown() : answers().text()) + failures
            + (markdown ? howTheyFailed().markdown() : howTheyFailed().text());
   }

   @Override
   public synchronized Map<String, Long> failures() {
      Map<String, Long> all = new LinkedHashMap<>();
      results.forEach(r -> r.failures().forEach((message, count) -> all.put(r.source() + ": " + message, count)));
      return all;
   }

   @Override
   public synchronized boolean complete() {
      return results.stream().allMatch(r -> r.openFailure() == null);
   }

   @Override
   public synchronized Optional<Path> page(Path runFolder, Path compareWith) {
      Html html = new Html("Outage " + runFolder.getFileName());
      html.h1("Outage " + runFolder.getFileName());
      html.pHtml("<span class=\"muted\">The database unreachable (" + Html.escape(down) + ") for a while under"
            + " steady load, then back: does getConnection honour its timeout, how do operations fail, how soon is"
            + " the pool back? " + Html.link("../index.html", "All runs") + "</span>");
      html.table(answers());
      html.h2("How they failed", "failures");
      html.table(howTheyFailed());
      for (OutageResult r : results) {
         html.h2(r.source(), "source-" + r.source());
         html.p(OutageText.answer(r));
         timeline.charts(html, runFolder, r.source());
      }
      html.p("Dotted lines: the database unreachable, and back. Samples every 100 ms; " + timeline.file()
            + " has them all.");
      Path page = runFolder.resolve("index.html");
      AtomicFile.write(page, html.page());
      return Optional.of(page);
   }
}
