package jdbcpoollab.report;

import jdbcpoollab.measure.BurstResult;

import java.util.List;
import java.util.Locale;

/**
 * A Burst run's results: per source how soon the burst was served and how many connections were opened for it
 * ({@code burst-timeline.csv}, a chart set per source).
 */
public final class BurstSummary extends FaultSummary<BurstResult> {
   private final int minIdle;
   private final double sampleMs;

   /** @param minIdle the pools' minimum, which the answers count connections beyond */
   public BurstSummary(int minIdle, double sampleMs) {
      super("Burst", "burst");
      this.minIdle = minIdle;
      this.sampleMs = sampleMs;
   }

   @Override
   String answer(BurstResult r) {
      return BurstText.answer(r, minIdle);
   }

   /** A source's figures beyond its result: the connections it opened beyond its minimum idle. */
   record Figures(long connectionsBeyondMinIdle) {
   }

   @Override
   Figures more(BurstResult r) {
      return new Figures(Math.max(0, BurstText.opened(r) - minIdle));
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("source", "burstServedMs", "connectionsOpened", "proxyAccepted",
            "poolSizeAfter", "acquireP99Ms", "longestAcquireMs", "failed"));
      results().forEach(r -> table.add(List.of(r.source(), r.burstServedMs() == null ? ""
                  : String.format(Locale.ROOT, "%.1f", r.burstServedMs()), Long.toString(r.connectionsOpened()),
            Long.toString(r.proxyAccepted()), Integer.toString(r.poolSizeAfter()),
            String.format(Locale.ROOT, "%.1f", r.acquire().p99()),
            String.format(Locale.ROOT, "%.1f", r.longestAcquireMs()), Long.toString(r.failed()))));
      return table;
   }

   @Override
   Table answers(List<BurstResult> all) {
      Table table = new Table(List.of("source", "burst served s", "connections opened", "open after",
            "getConnection P99 ms", "max ms", "failed", "answer"));
      all.forEach(r -> table.add(List.of(r.source(), r.burstServedMs() == null ? "not served"
                  : String.format(Locale.ROOT, "%.2f", r.burstServedMs() / 1000), Long.toString(BurstText.opened(r)),
            Integer.toString(r.poolSizeAfter()), String.format(Locale.ROOT, "%.0f", r.acquire().p99()),
            String.format(Locale.ROOT, "%.0f", r.longestAcquireMs()), Long.toString(r.failed()), answer(r))));
      return table;
   }

   @Override
   String introHtml() {
      return "A dynamic pool idle at its minimum, then many users at once, each new connection's handshake made slow:"
            + " how soon is the burst served, and how many connections does the pool open for it?";
   }

   @Override
   String chartsNote() {
      return String.format(Locale.ROOT, "Dotted line: the burst's start. Samples every %.1f ms; %s has them all.",
            sampleMs, timeline().file());
   }
}
