package jdbcpoollab.report;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.BurstResult;
import jdbcpoollab.measure.FaultSample;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A Burst run's results: per source its figures and one-line answer (summary.json's "sources"), its samples
 * ({@code burst-timeline.csv}) and the page with a chart set per source.
 */
public final class BurstSummary implements Summary {
   private final int minIdle;
   private final double sampleMs;
   private final List<BurstResult> results = new ArrayList<>();
   private final FaultTimeline timeline = new FaultTimeline("burst");

   /** @param minIdle the pools' minimum, which the answers count connections beyond */
   public BurstSummary(int minIdle, double sampleMs) {
      this.minIdle = minIdle;
      this.sampleMs = sampleMs;
   }

   /** A source done: its result, and its samples with the burst's start (ms) marked. */
   public synchronized void add(BurstResult result, List<FaultSample> samples, double burstMs) {
      results.add(result);
      timeline.add(result.source(), samples, burstMs);
   }

   /** The samples of every source, written to the run folder after each. */
   public FaultTimeline timeline() {
      return timeline;
   }

   @Override
   public synchronized Map<String, Object> json() {
      List<Map<String, Object>> sources = new ArrayList<>();
      for (BurstResult r : results) {
         Map<String, Object> row = new LinkedHashMap<>(Json.toMap(r));
         row.put("connectionsBeyondMinIdle", Math.max(0, BurstText.opened(r) - minIdle));
         row.put("answer", BurstText.answer(r, minIdle));
         sources.add(row);
      }
      return Map.of("sources", sources);
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("source", "burstServedMs", "connectionsOpened", "proxyAccepted",
            "poolSizeAfter", "acquireP99Ms", "longestAcquireMs", "failed"));
      results.forEach(r -> table.add(List.of(r.source(), r.burstServedMs() == null ? ""
                  : String.format(Locale.ROOT, "%.1f", r.burstServedMs()), Long.toString(r.connectionsOpened()),
            Long.toString(r.proxyAccepted()), Integer.toString(r.poolSizeAfter()),
            String.format(Locale.ROOT, "%.1f", r.acquire().p99()),
            String.format(Locale.ROOT, "%.1f", r.longestAcquireMs()), Long.toString(r.failed()))));
      return table;
   }

   private Table answers() {
      Table table = new Table(List.of("source", "burst served s", "connections opened", "open after",
            "getConnection P99 ms", "max ms", "failed", "answer"));
      results.forEach(r -> table.add(List.of(r.source(), r.burstServedMs() == null ? "not served"
                  : String.format(Locale.ROOT, "%.2f", r.burstServedMs() / 1000), Long.toString(BurstText.opened(r)),
            Integer.toString(r.poolSizeAfter()), String.format(Locale.ROOT, "%.0f", r.acquire().p99()),
            String.format(Locale.ROOT, "%.0f", r.longestAcquireMs()), Long.toString(r.failed()),
            BurstText.answer(r, minIdle))));
      return table;
   }

   private Table howTheyFailed() {
      Map<String, Map<String, Long>> failures = new LinkedHashMap<>();
      results.forEach(r -> failures.put(r.source(), r.failures()));
      return FaultTimeline.failures(failures);
   }

   @Override
   public synchronized String tables(boolean markdown) {
      String title = markdown ? "## Burst\n\n" : "Burst\n";
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
      Html html = new Html("Burst " + runFolder.getFileName());
      html.h1("Burst " + runFolder.getFileName());
      html.pHtml("<span class=\"muted\">A dynamic pool idle at its minimum, then many users at once, each new"
            + " connection's handshake made slow: how soon is the burst served, and how many connections does the"
            + " pool open for it? " + Html.link("../index.html", "All runs") + "</span>");
      html.table(answers());
      html.h2("How they failed", "failures");
      html.table(howTheyFailed());
      for (BurstResult r : results) {
         html.h2(r.source(), "source-" + r.source());
         html.p(BurstText.answer(r, minIdle));
         timeline.charts(html, runFolder, r.source());
      }
      html.p(String.format(Locale.ROOT, "Dotted line: the burst's start. Samples every %.1f ms; %s has them all.",
            sampleMs, timeline.file()));
      Path page = runFolder.resolve("index.html");
      AtomicFile.write(page, html.page());
      return Optional.of(page);
   }
}
