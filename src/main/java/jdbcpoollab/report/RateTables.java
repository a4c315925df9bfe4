package jdbcpoollab.report;

import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.List;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.fixedOrNa;
import static jdbcpoollab.analysis.NumberText.ratioPercent;

/** RateSweep's results as tables: measured beside predicted, one row per pool. */
public final class RateTables {

   private RateTables() {
   }

   /** One workload's steps at the rate: times in ms, "unstable" where the model has no finite wait. */
   public static Table byPool(RateAnswer a) {
      Table table = new Table(List.of("pool", "ok", "ko", "ko outside", "achieved/s", "a = rate x S", "utilisation",
            "P(wait) predicted", "acquire avg predicted", "acquire avg", "acquire P99 predicted", "acquire P99",
            "queue P99", "total avg", "total P99", "open at close", "L / λW", "SLO"));
      for (RatePoint p : a.points()) {
         StepResult s = p.step();
         boolean hasModel = p.model() != null;
         boolean unstable = p.predictedUnstable();
         table.add(List.of(
               s.pool() + (s.outcome().complete() ? "" : " (incomplete)") + (p == a.pick() ? " (recommended)" : "")
                     + StepChecksText.mark(s),
               Long.toString(s.counts().ok()), Long.toString(s.counts().ko()), Long.toString(s.counts().koOutside()),
               fixed(s.counts().throughput(), 1),
               hasModel ? fixed(p.model().offeredLoad(), 2) : "", hasModel ? ratioPercent(p.model().utilisation()) : "",
               !hasModel ? "" : unstable ? "1 (unstable)" : fixed(p.model().probabilityOfWaiting(), 3),
               predicted(p, p.predictedMeanWaitMs()), fixed(s.times().acquire().avg(), 3),
               predicted(p, p.predictedP99WaitMs()), fixed(s.times().acquire().p99(), 3),
               fixed(p.arrivals().queue().p99(), 3), fixed(s.times().total().avg(), 3),
               fixed(s.times().total().p99(), 3),
               StepChecksText.open(s), StepChecksText.little(s), p.meetsSlo(a.sloP99Ms()) ? "met" : "missed"),
               p == a.pick() ? "good" : unstable || s.counts().failures() > 0 ? "bad" : null);
      }
      return table;
   }

   private static String predicted(RatePoint p, double ms) {
      return p.model() == null ? "" : p.predictedUnstable() ? "unstable" : fixedOrNa(ms, 3);
   }

   /** One row per workload: the pool the measurement picks and the one the model picks. */
   public static Table answers(List<RateAnswer> answers) {
      Table table = new Table(List.of("workload", "rate/s", "SLO P99 ms", "recommended pool", "its P99 total",
            "Erlang C's pool"));
      for (RateAnswer a : answers) {
         table.add(List.of(a.workload(), fixed(a.rate(), 1), fixed(a.sloP99Ms(), 1),
               a.pick() == null ? "none met it" : Integer.toString(a.pick().pool()),
               a.pick() == null ? "" : fixed(a.pick().step().times().total().p99(), 3),
               a.predictedPick() == null ? "none" : Integer.toString(a.predictedPick().pool())),
               a.pick() != null ? "good" : "bad");
      }
      return table;
   }

   /** Every step, flat, for CSV: the closed-loop step's columns, the open model's, and the prediction. */
   public static Table flat(List<RatePoint> points) {
      List<String> headers = new ArrayList<>(List.of("workload", "pool", "rate", "threads", "seconds", "ok", "ko",
            "ko_outside_window", "refused", "unserved", "achieved_rate"));
      for (String timing : List.of("queue", "acquire", "query", "total")) {
         for (String stat : List.of("avg", "p50", "p90", "p99", "max")) {
            headers.add(timing + "_" + stat + "_ms");
         }
      }
      headers.addAll(List.of("service_ms", "offered_load", "predicted_p_wait", "predicted_mean_wait_ms",
            "predicted_p99_wait_ms", "complete", "open_at_close", "open_oldest_wait_ms", "little_ratio",
            "little_ratio_completed", "drift", "steady"));
      boolean sources = points.stream().anyMatch(p -> !p.step().source().isEmpty());
      if (sources) {
         headers.add("source");
      }
      Table table = new Table(headers);
      for (RatePoint p : points) {
         ArrivalResult r = p.arrivals();
         StepResult s = r.step();
         List<String> row = new ArrayList<>(List.of(s.workload(), Integer.toString(s.pool()), fixed(r.rate(), 1),
               Integer.toString(r.threads()), fixed(s.counts().seconds(), 3), Long.toString(s.counts().ok()),
               Long.toString(s.counts().ko()),
               Long.toString(s.counts().koOutside()), Long.toString(r.refused()), Long.toString(r.unserved()),
               fixed(s.counts().throughput(), 1)));
         for (Timing t : List.of(r.queue(), s.times().acquire(), s.times().query(), s.times().total())) {
            row.addAll(List.of(fixed(t.avg(), 3), fixed(t.p50(), 3), fixed(t.p90(), 3), fixed(t.p99(), 3),
                  fixed(t.max(), 3)));
         }
         boolean m = p.model() != null;
         row.addAll(List.of(fixedOrNa(p.serviceMs(), 3), m ? fixed(p.model().offeredLoad(), 3) : "",
               m ? fixed(p.model().probabilityOfWaiting(), 4) : "", m ? fixed(p.predictedMeanWaitMs(), 3) : "",
               m ? fixed(p.predictedP99WaitMs(), 3) : "", Boolean.toString(s.outcome().complete())));
         StepChecks c = s.checks();
         row.addAll(List.of(Long.toString(c.openAtClose().count()), fixed(c.openAtClose().oldestWaitMs(), 3),
               fixedOrNa(c.littleRatio(), 3), fixedOrNa(c.littleRatioCompleted(), 3), fixedOrNa(c.drift(), 3),
               c.steady() == null ? "" : Boolean.toString(c.steady())));
         if (sources) {
            row.add(s.source());
         }
         table.add(row);
      }
      return table;
   }
}
