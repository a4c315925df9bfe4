package jdbcpoollab.report;

import jdbcpoollab.analysis.ErlangC;
import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.trimmed;

/** RateSweep's answer in words: the headline per workload and the reasons, predicted beside measured. */
public final class RateText {
   /** Measured and predicted P99 waits that differ by more than this factor, and by 1 ms, are called out. */
   static final double DISAGREES = 2;

   private RateText() {
   }

   public static String headline(RateAnswer a) {
      String at = a.workload() + " at " + trimmed(a.rate()) + "/s";
      String model = a.predictedPick() == null ? "Erlang C expects none of these pools to meet it"
            : "Erlang C picks pool " + a.predictedPick().pool();
      if (a.pick() != null) {
         StepResult s = a.pick().step();
         return String.format(Locale.ROOT, "%s: pool %d (P99 total from arrival %s ms, within the %s ms SLO, no "
               + "failures); %s", at, s.pool(), fixed(s.times().total().p99(), 3), trimmed(a.sloP99Ms()), model);
      }
      RatePoint fastest = a.fastest();
      return at + ": no pool met the " + trimmed(a.sloP99Ms()) + " ms SLO"
            + (fastest == null ? "" : " (the fastest, pool " + fastest.pool() + ", had a P99 total of "
            + fixed(fastest.step().times().total().p99(), 3) + " ms and " + fastest.step().counts().ko() + " ko"
            + (fastest.step().counts().koOutside() > 0
                  ? " and " + fastest.step().counts().koOutside() + " ko outside the window" : "")
            + ")")
            + "; " + model;
   }

   /** Why: the offered load against each pool, and where the measurement and the model part ways. */
   public static List<String> reasoning(RateAnswer a) {
      List<String> lines = new ArrayList<>();
      List<RatePoint> modelled = a.points().stream().filter(p -> p.model() != null).toList();
      List<String> unstable = modelled.stream().filter(RatePoint::predictedUnstable)
            .map(p -> Integer.toString(p.pool())).toList();
      if (!modelled.isEmpty()) {
         RatePoint first = modelled.get(0);
         ErlangC m = first.model();
         lines.add(String.format(Locale.ROOT, "Offered load a = rate x service time = %s/s x %s ms = %s connections "
                     + "busy on average (service time from %s%s).", trimmed(a.rate()), fixed(first.serviceMs(), 3),
               fixed(m.offeredLoad(), 2), first.serviceFrom(), modelled.size() > 1 ? " at the smallest pool; each "
                     + "pool is modelled with its own" : ""));
      }
      if (!unstable.isEmpty()) {
         lines.add("Unstable (a ≥ pool): pool " + String.join(", ", unstable) + ". These pools cannot serve the "
               + "rate: their queue grows for as long as requests arrive, so their waits measure the window's "
               + "length, not the pool, and requests time out or are refused once it is long enough.");
      }
      List<String> starved = a.points().stream().filter(p -> p.model() != null && !p.predictedUnstable()
            && p.arrivals().queue().p99() > Math.max(1, p.serviceMs()))
            .map(p -> p.pool() + " (" + fixed(p.arrivals().queue().p99(), 3) + " ms)").toList();
      if (!starved.isEmpty()) {
         lines.add("Requests waited for a request thread although the model expects the pool to keep up, queue P99 "
               + "at pool " + String.join(", ", starved) + ": the client was short of CPU (a busy machine) or of "
               + "request threads (-Dthreads), and such delays are in every wait measured there. Check the load "
               + "average and repeat before reading those pools.");
      }
      for (RatePoint p : a.points()) {
         String d = disagreement(p);
         if (d != null) {
            lines.add(d);
         }
      }
      if (a.pick() != null && a.predictedPick() != null && a.pick().pool() != a.predictedPick().pool()) {
         lines.add("The measurement picks pool " + a.pick().pool() + ", the model pool " + a.predictedPick().pool()
               + ": M/M/c assumes exponential service times and one shared first-come-first-served queue, which the "
               + "pool is not (see the disagreements above).");
      }
      lines.add("Rule: the smallest pool whose P99 total time from arrival is within -DsloP99Ms = "
            + trimmed(a.sloP99Ms()) + " ms, with no failure (timeouts and refused requests count) and not cut short "
            + "(the database lost, the run interrupted).");
      return lines;
   }

   /** A line when measured and predicted P99 waits part ways, null when they agree or cannot be compared. */
   static String disagreement(RatePoint p) {
      double ratio = p.measuredOverPredicted();
      double measured = p.step().times().acquire().p99();
      double predicted = p.predictedP99WaitMs();
      if (Double.isNaN(ratio) || Math.abs(measured - predicted) < 1) {
         return null;
      }
      String both = String.format(Locale.ROOT, "Pool %d: P99 acquire wait %s ms measured, %s ms predicted", p.pool(),
            fixed(measured, 3), fixed(predicted, 3));
      if (ratio > DISAGREES) {
         return both + ": longer than M/M/c expects. The database serves more slowly as more connections work at "
               + "once, arrivals bunched, or the pool's hand-off is not the model's orderly queue; the measurement is "
               + "what the application will see.";
      }
      if (ratio < 1 / DISAGREES) {
         return both + ": shorter than M/M/c expects. The model assumes exponential service times; a statement that "
               + "takes nearly the same time every time (such as SLEEP) waits about half as long (M/D/c).";
      }
      return null;
   }
}
