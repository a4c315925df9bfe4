package jdbcpoollab.report;

import jdbcpoollab.analysis.ErlangC;
import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static jdbcpoollab.analysis.NumberText.trimmed;

/**
 * RateSweep's summaries: one entry per step with its M/M/c prediction, one table per workload, the answer per
 * workload, and the page.
 */
public final class RateSweepSummary implements Summary {
   private final double rate;
   private final double sloP99Ms;
   private final SweepRun from;
   private final List<RatePoint> points = new ArrayList<>();

   /**
    * @param from the PoolSweep run whose query time at each pool size is the prediction's service time; null to use
    *             each step's own
    */
   public RateSweepSummary(double rate, double sloP99Ms, SweepRun from) {
      this.rate = rate;
      this.sloP99Ms = sloP99Ms;
      this.from = from;
   }

   /** Adds a finished step; returns its progress line, which names it as given. */
   public synchronized String add(String name, ArrivalResult measured) {
      // as summary.json holds it, so that summary.md and the page agree with it to the digit
      ArrivalResult r = ArrivalResult.fromMap(measured.toMap());
      RatePoint point = point(r);
      points.add(point);
      StepResult s = r.step();
      StepCounts c = s.counts();
      return String.format(Locale.ROOT, "%s: %s %.1f of %s req/s, ok=%d ko=%d%s, queue p99 %.3f ms, acquire p99 %.3f "
                  + "ms (M/M/c %s), total p99 %.3f ms%s", name, s.outcome().complete() ? "done," : "INCOMPLETE,",
            c.throughput(), trimmed(rate), c.ok(), c.ko(),
            c.koOutside() > 0 ? " (and " + c.koOutside() + " ko outside the window)" : "",
            r.queue().p99(), s.times().acquire().p99(),
            point.model() == null ? "n/a" : point.predictedUnstable() ? "unstable"
                  : String.format(Locale.ROOT, "%.3f ms", point.predictedP99WaitMs()), s.times().total().p99(),
            StepChecksText.openLoop(s));
   }

   private RatePoint point(ArrivalResult r) {
      StepResult s = r.step();
      if (from != null) {
         Optional<StepResult> earlier = from.steps(s.workload()).stream()
               .filter(e -> e.pool() == s.pool() && e.times().query().count() > 0).findFirst();
         if (earlier.isPresent()) {
            return new RatePoint(r, earlier.get().times().query().avg(), from.name() + " pool=" + s.pool());
         }
      }
      return new RatePoint(r, s.times().query().count() > 0 ? s.times().query().avg() : Double.NaN,
            from == null ? "this step" : "this step (" + from.name() + " has no " + s.label() + ")");
   }

   /** The answer per workload (and source, when the sweep had several), from the steps so far. */
   public synchronized List<RateAnswer> answers() {
      return points.stream().map(p -> SweepSummary.name(p.step())).distinct()
            .map(w -> RateAnswer.of(w, rate, sloP99Ms, points.stream()
                  .filter(p -> SweepSummary.name(p.step()).equals(w)).toList()))
            .toList();
   }

   @Override
   public synchronized Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("steps", points.stream().map(RateSweepSummary::entry).toList());
      json.put("answers", answers().stream().map(a -> {
         Map<String, Object> m = new LinkedHashMap<>();
         m.put("workload", a.workload());
         m.put("rate", a.rate());
         m.put("sloP99Ms", a.sloP99Ms());
         m.put("pool", a.pick() == null ? null : a.pick().pool());
         m.put("predictedPool", a.predictedPick() == null ? null : a.predictedPick().pool());
         return m;
      }).toList());
      return json;
   }

   private static Map<String, Object> entry(RatePoint p) {
      Map<String, Object> m = new LinkedHashMap<>(p.arrivals().toMap());
      m.put("serviceMs", Rounded.orNull(p.serviceMs(), 3));
      m.put("serviceFrom", p.serviceFrom());
      ErlangC model = p.model();
      if (model != null) {
         Map<String, Object> prediction = new LinkedHashMap<>();
         prediction.put("offeredLoad", Rounded.to(model.offeredLoad(), 4));
         prediction.put("utilisation", Rounded.to(model.utilisation(), 4));
         prediction.put("stable", model.stable());
         prediction.put("probabilityOfWaiting", Rounded.to(model.probabilityOfWaiting(), 4));
         prediction.put("meanWaitMs", Rounded.orNull(model.meanWaitMs(), 3));
         prediction.put("p99WaitMs", Rounded.orNull(model.p99WaitMs(), 3));
         m.put("prediction", prediction);
      }
      return m;
   }

   @Override
   public synchronized Table csv() {
      return RateTables.flat(points);
   }

   @Override
   public synchronized String tables(boolean markdown) {
      StringBuilder md = new StringBuilder("Times in ms, from each request's arrival. Predicted = M/M/c (Erlang C) "
            + "with the pool's connections as servers and the service time S measured at that pool size.\n\n");
      List<RateAnswer> answers = answers();
      for (RateAnswer a : answers) {
         Table table = RateTables.byPool(a);
         md.append("## ").append(a.workload()).append("\n\n").append(markdown ? table.markdown() : table.text())
               .append('\n');
      }
      if (answers.isEmpty()) {
         return md.toString();
      }
      md.append(markdown ? "## Recommended pool for this rate\n\n" : "Recommended pool for this rate:\n");
      if (!markdown) {
         answers.forEach(a -> md.append("  ").append(RateText.headline(a)).append('\n'));
         md.append('\n');
         return md.toString();
      }
      md.append(RateTables.answers(answers).markdown()).append('\n');
      for (RateAnswer a : answers) {
         md.append("### ").append(a.workload()).append("\n\n**").append(RateText.headline(a)).append("**\n\n");
         RateText.reasoning(a).forEach(line -> md.append("- ").append(line).append('\n'));
         md.append('\n');
      }
      return md.toString();
   }

   @Override
   public Optional<Path> page(Path runFolder, Path compareWith) {
      return Optional.of(RateSweepPage.write(SweepRun.read(runFolder), answers()));
   }

   @Override
   public synchronized Map<String, Long> failures() {
      Map<String, Long> errors = new LinkedHashMap<>();
      points.forEach(p -> p.step().outcome().errors()
            .forEach((m, n) -> errors.merge(p.step().label() + ": " + m, n, Long::sum)));
      return errors;
   }

   @Override
   public synchronized boolean complete() {
      return points.stream().allMatch(p -> p.step().outcome().complete());
   }
}
