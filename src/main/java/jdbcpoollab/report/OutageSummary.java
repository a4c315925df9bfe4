package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import jdbcpoollab.measure.OutageResult;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An Outage run's results: per source whether getConnection honoured its timeout and how the pool came back
 * ({@code outage-timeline.csv}, a chart set per source).
 */
public final class OutageSummary extends FaultSummary<OutageResult> {
   private final String down;

   /** @param down how the database was unreachable, for the page */
   public OutageSummary(String down) {
      super("Outage (" + down + ")", "outage");
      this.down = down;
   }

   @Override
   String answer(OutageResult r) {
      return OutageText.answer(r);
   }

   /**
    * A source's figures beyond its result.
    *
    * @param failureMode {@code fails fast} or {@code makes callers wait}; absent without a failed getConnection
    */
   record Figures(boolean honoursTimeout, @JsonInclude(JsonInclude.Include.NON_NULL) String failureMode) {
   }

   @Override
   Figures more(OutageResult r) {
      return new Figures(r.openFailure() == null && OutageText.honoured(r), OutageText.failureMode(r));
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("source", "connectionTimeoutMs", "longestAcquireMs", "failed",
            "failedAfterReturn", "failuresPerDownSecond", "failedAcquireP50Ms", "recoverySeconds", "steadyPerSecond",
            "leaked", "leftOpenAfterClose"));
      results().forEach(r -> table.add(List.of(r.source(), Integer.toString(r.connectionTimeoutMs()),
            String.format(Locale.ROOT, "%.1f", r.longestAcquireMs()), Long.toString(r.failed()),
            Long.toString(r.failedAfterReturn()), String.format(Locale.ROOT, "%.1f", r.failuresPerDownSecond()),
            r.failedAcquire().count() == 0 ? "" : String.format(Locale.ROOT, "%.1f", r.failedAcquire().p50()),
            r.recoverySeconds() == null ? ""
                  : String.format(Locale.ROOT, "%.2f", r.recoverySeconds()),
            String.format(Locale.ROOT, "%.1f", r.steadyPerSecond()), Integer.toString(r.leaked()),
            Integer.toString(r.leftOpenAfterClose()))));
      return table;
   }

   @Override
   Table answers(List<OutageResult> all) {
      Table table = new Table(List.of("source", "longest getConnection s", "timeout s", "failed", "after return",
            "failed per s unreachable", "fails fast or waits", "back to full throughput s", "answer"));
      all.forEach(r -> table.add(List.of(r.source(),
            String.format(Locale.ROOT, "%.2f", r.longestAcquireMs() / 1000),
            String.format(Locale.ROOT, "%.2f", r.connectionTimeoutMs() / 1000.0), Long.toString(r.failed()),
            Long.toString(r.failedAfterReturn()), String.format(Locale.ROOT, "%.1f", r.failuresPerDownSecond()),
            Objects.requireNonNullElse(OutageText.failureMode(r), "-"), r.recoverySeconds() == null ? "not back"
                  : String.format(Locale.ROOT, "%.1f", r.recoverySeconds()), OutageText.answer(r))));
      return table;
   }

   @Override
   String introHtml() {
      return "The database unreachable (" + Html.escape(down) + ") for a while under steady load, then back: does"
            + " getConnection honour its timeout, how do operations fail, how soon is the pool back?";
   }

   @Override
   String chartsNote() {
      return "Dotted lines: the database unreachable, and back. Samples every 100 ms; " + timeline().file()
            + " has them all.";
   }
}
