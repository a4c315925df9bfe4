package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.analysis.ErlangC;
import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;
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
            StepChecksText.openLoop(s) + StepChecksText.jitConsole(s) + StepChecksText.gcConsole(s))
            + SweepSummary.clientCpu(s.resources().clientCpu()).replace("µs/op", "µs/request") + DisturbedText.console(s);
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

   /** RateSweep's part of summary.json: its steps and the answer per workload. */
   record Written(List<Entry> steps, List<Answer> answers) {
   }

   /**
    * A step as summary.json holds it: what it measured, then the service time its prediction took and the prediction.
    *
    * @param serviceFrom the run and pool the service time came from, or {@code this step}
    * @param prediction  M/M/c with the pool's connections as servers; absent without a service time
    */
   record Entry(@JsonUnwrapped ArrivalResult arrivals,
                @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double serviceMs, String serviceFrom,
                @JsonInclude(JsonInclude.Include.NON_NULL) Prediction prediction) {
      static Entry of(RatePoint p) {
         ErlangC model = p.model();
         return new Entry(p.arrivals(), p.serviceMs(), p.serviceFrom(), model == null ? null
               : new Prediction(model.offeredLoad(), model.utilisation(), model.stable(), model.probabilityOfWaiting(),
               model.meanWaitMs(), model.p99WaitMs()));
      }
   }

   /** Erlang C's figures for a step; its waits null where the queue is unstable. */
   record Prediction(@Decimals(value = 4, orNull = false) double offeredLoad,
                     @Decimals(value = 4, orNull = false) double utilisation, boolean stable,
                     @Decimals(value = 4, orNull = false) double probabilityOfWaiting,
                     @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double meanWaitMs,
                     @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double p99WaitMs) {
   }

   /**
    * A workload's answer as summary.json holds it.
    *
    * @param pool          the smallest pool measured to meet the P99 target; null when none did
    * @param predictedPool the smallest that Erlang C predicts to meet it; null when none does
    */
   record Answer(String workload, double rate, double sloP99Ms, Integer pool, Integer predictedPool) {
      static Answer of(RateAnswer a) {
         return new Answer(a.workload(), a.rate(), a.sloP99Ms(), a.pick() == null ? null : a.pick().pool(),
               a.predictedPick() == null ? null : a.predictedPick().pool());
      }
   }

   @Override
   public synchronized Map<String, Object> json() {
      return Json.toMap(new Written(entries(), answers().stream().map(Answer::of).toList()));
   }

   /** The steps so far as summary.json holds them. */
   synchronized List<Entry> entries() {
      return points.stream().map(Entry::of).toList();
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

   /** RateSweep's arrivals have no think time between them: only the window and the statement are the user's. */
   @Override
   public String nothingEnded() {
      return "each request takes longer than the window; give a longer -Dseconds or a shorter statement";
   }

   @Override
   public synchronized boolean complete() {
      return points.stream().allMatch(p -> p.step().outcome().complete());
   }
}
