package jdbcpoollab.report;

import jdbcpoollab.measure.LifetimeResult;

import java.util.List;
import java.util.Locale;

/**
 * A Lifetime run's results: per source how many operations failed per 1,000 while connections died underneath the
 * pool, and how many connections it replaced ({@code lifetime-timeline.csv}, a chart set per source).
 */
public final class LifetimeSummary extends FaultSummary<LifetimeResult> {

   public LifetimeSummary() {
      super("Lifetime", "lifetime");
   }

   @Override
   String answer(LifetimeResult r) {
      return LifetimeText.answer(r);
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("source", "ok", "failed", "failedPer1000", "connectionsOpened",
            "connectionsReplaced", "cutByProxy", "longestAcquireMs"));
      results().forEach(r -> table.add(List.of(r.source(), Long.toString(r.ok()), Long.toString(r.failed()),
            String.format(Locale.ROOT, "%.2f", r.failedPer1000()), Long.toString(r.connectionsOpened()),
            Long.toString(r.connectionsReplaced()), Long.toString(r.cutByProxy()),
            String.format(Locale.ROOT, "%.1f", r.longestAcquireMs()))));
      return table;
   }

   @Override
   Table answers(List<LifetimeResult> all) {
      Table table = new Table(List.of("source", "failed per 1,000", "failed", "replaced", "cut by the proxy",
            "longest getConnection ms", "answer"));
      all.forEach(r -> table.add(List.of(r.source(), String.format(Locale.ROOT, "%.1f", r.failedPer1000()),
            Long.toString(r.failed()), Long.toString(r.connectionsReplaced()), Long.toString(r.cutByProxy()),
            String.format(Locale.ROOT, "%.0f", r.longestAcquireMs()), answer(r))));
      return table;
   }

   @Override
   String introHtml() {
      return "Steady load with pauses while connections die underneath the pool (the proxy cuts them at an age, or"
            + " the server closes idle ones): how many operations fail, and how many connections are replaced?";
   }

   @Override
   String chartsNote() {
      return "Samples every 100 ms; " + timeline().file() + " has them all.";
   }
}
