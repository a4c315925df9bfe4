package jdbcpoollab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.analysis.RateAnswer;
import jdbcpoollab.capture.ReplayWorkload;
import jdbcpoollab.analysis.RatePoint;
import jdbcpoollab.files.Decimals;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.trimmed;

/**
 * Replay's summaries: per speed, RateSweep's steps and answer at the rate the sped-up capture offers (each step with
 * its speed and how long its transactions held their connection), and the headroom said plainly. A window
 * as short as a capture leaves an unstable pool's queue open at its close rather than in its P99, so a pool meets
 * the SLO only when the P99 acquire wait counting the waits still open at the close meets it too. A speed whose
 * replayed transactions held their connection more than 20% longer than the application's, even on its best pool,
 * measured the replay rather than the database: its answer is provisional, and the headroom says so first. A replay
 * whose statements failed at the database (its tables missing on the target, a statement it refuses) did not send
 * the application's traffic: the headroom names the failures alone, and the run measured nothing to answer with.
 */
public final class ReplaySummary implements Summary {
   /** Below this share of the offered rate at its largest pool, a speed's database is saturated, not its pools. */
   private static final double SATURATED = 0.95;
   private final double sloP99Ms;
   private final int requests;
   private final Map<Double, RateSweepSummary> bySpeed = new LinkedHashMap<>();
   private final Map<Double, List<ReplayHeld>> heldBySpeed = new LinkedHashMap<>();
   private final double capturedHeldMeanMs;
   private ReplayWorkload.Failures failures = ReplayWorkload.Failures.NONE;

   /**
    * @param requests           the requests that arrive in each step's window: the capture's
    * @param rates              the arrival rate each speed offers, requests per second, by speed
    * @param capturedHeldMeanMs how long the application's transactions held their connection on average, in the
    *                           capture; NaN when it holds none
    */
   public ReplaySummary(double sloP99Ms, int requests, Map<Double, Double> rates, double capturedHeldMeanMs) {
      this.sloP99Ms = sloP99Ms;
      this.requests = requests;
      this.capturedHeldMeanMs = capturedHeldMeanMs;
      rates.forEach((speed, rate) -> {
         bySpeed.put(speed, new RateSweepSummary(rate, sloP99Ms, null));
         heldBySpeed.put(speed, new ArrayList<>());
      });
   }

   /** Adds a finished step at {@code speed} whose requests all ran without a failure; returns its progress line. */
   public String add(double speed, String name, ArrivalResult measured, ReplayHeld held) {
      return add(speed, name, measured, held, ReplayWorkload.Failures.NONE);
   }

   /**
    * Adds a finished step at {@code speed}, with the requests it sent and those whose statements failed; returns its
    * progress line.
    */
   public synchronized String add(double speed, String name, ArrivalResult measured, ReplayHeld held,
                                  ReplayWorkload.Failures failed) {
      heldBySpeed.get(speed).add(held);
      failures = failures.plus(failed);
      return bySpeed.get(speed).add(name, measured) + String.format(Locale.ROOT, ", transactions held %s ms "
            + "(median), %s mean against the application's %s, started late by %s", fixed(held.heldMedianMs(), 3),
            fixed(held.heldMeanMs(), 3), fixed(capturedHeldMeanMs, 3), fixed(held.lateMeanMs(), 3));
   }

   /**
    * The speeds whose transactions held their connection more than 20% longer than the application's on every pool,
    * each with its step that held them the shortest.
    */
   public synchronized Map<Double, ReplayHeld> provisionalSpeeds() {
      Map<Double, ReplayHeld> longer = new LinkedHashMap<>();
      heldBySpeed.forEach((speed, held) -> held.stream().filter(h -> Double.isFinite(h.heldMeanMs()))
            .min(Comparator.comparingDouble(ReplayHeld::heldMeanMs)).filter(h -> h.longerThan(capturedHeldMeanMs))
            .ifPresent(h -> longer.put(speed, h)));
      return longer;
   }

   /**
    * Why the replay measured nothing to answer with although its steps ran, such as "the replay's requests failed at
    * the database: 155 of 244 failed (first: …)"; null when every request it sent was served without a failure.
    */
   @Override
   public synchronized String unanswerable() {
      if (failures.failed() == 0) {
         return null;
      }
      return String.format(Locale.ROOT, "the replay's requests failed at the database: %d of the %d it sent failed "
            + "(first: %s); the target does not run the capture's statements as the application's server did, so no "
            + "pool is named: replay against a copy of the application's database (its tables and data)",
            failures.failed(), failures.sent(), failures.first());
   }

   /** At a speed too high for a request to end inside its window, a lower speed gives it a longer one. */
   @Override
   public String nothingEnded() {
      return "each captured request takes longer than its step's window (the capture's span divided by the speed); "
            + "give a lower -Dspeed";
   }

   @Override
   public synchronized boolean provisional() {
      return !provisionalSpeeds().isEmpty() || !notTheDatabase().isEmpty();
   }

   /**
    * The speeds not served whose best step measured something other than the database's saturation
    * ({@link NotTheDatabase}): connections held mostly outside the database, or a machine the lab's client filled
    * beside the server. Each with that step.
    */
   public synchronized Map<Double, RatePoint> notTheDatabase() {
      Map<Double, RatePoint> outside = new LinkedHashMap<>();
      answers().forEach((speed, list) -> list.stream().filter(a -> a.pick() == null).forEach(a -> a.points()
            .stream().max(Comparator.comparingDouble(p -> p.step().counts().throughput()))
            .filter(p -> p.step().counts().throughput() < SATURATED * a.rate())
            .filter(p -> NotTheDatabase.of(p).isPresent())
            .ifPresent(p -> outside.putIfAbsent(speed, p))));
      return outside;
   }

   /**
    * Why the answers are provisional, in one sentence, such as "the load generator, not the database, sets these
    * times: replayed transactions held 2.500 ms against the application's 0.990 ms"; null when they are not.
    */
   public synchronized String provisionalWhy() {
      Map<Double, ReplayHeld> longer = provisionalSpeeds();
      if (longer.isEmpty()) {
         return outsideWhy();
      }
      List<String> held = new ArrayList<>();
      longer.forEach((speed, h) -> held.add(fixed(h.heldMeanMs(), 3) + " ms"
            + (longer.size() > 1 || speed != 1 ? " at " + trimmed(speed) + "x" : "")));
      String against = "replayed transactions held " + String.join(", ", held) + " against the application's "
            + fixed(capturedHeldMeanMs, 3) + " ms";
      boolean late = longer.values().stream().allMatch(h -> h.lateExplains(capturedHeldMeanMs));
      return late ? "the load generator, not the database, sets these times: " + against
            + " (their statements started late by " + longer.values().stream().map(h -> fixed(h.lateMeanMs(), 3)
            + " ms").collect(Collectors.joining(", ")) + ")"
            : "the replay, not the pool, sets these times: " + against + ", their statements slower than the "
            + "application's (the database under this load, or the machine the lab shares with it)";
   }

   /**
    * Why a speed not served is not the database's saturation, such as "the load generator or the network, not the
    * database, sets these times at 2x: 0.41 of pool 2's connections were running a statement at the database on
    * average (Threads_running) while requests waited for one"; null when none.
    */
   private String outsideWhy() {
      Map<Double, RatePoint> outside = notTheDatabase();
      if (outside.isEmpty()) {
         return null;
      }
      return outside.entrySet().stream().map(e -> NotTheDatabase.of(e.getValue()).orElseThrow().why(e.getKey(),
            e.getValue())).collect(Collectors.joining("; "));
   }

   /** The answer per speed (and source, when the replay had several), from the steps so far. */
   public synchronized Map<Double, List<RateAnswer>> answers() {
      Map<Double, List<RateAnswer>> answers = new LinkedHashMap<>();
      bySpeed.forEach((speed, summary) -> answers.put(speed, summary.answers().stream().map(this::served).toList()));
      return answers;
   }

   /** RateSweep's answer, its pick the smallest pool whose waits still open at the close meet the SLO too. */
   private RateAnswer served(RateAnswer a) {
      RatePoint pick = a.points().stream().filter(p -> p.meetsSlo(sloP99Ms) && served(p)).findFirst().orElse(null);
      return new RateAnswer(a.workload(), a.rate(), a.sloP99Ms(), a.points(), pick, a.predictedPick());
   }

   private boolean served(RatePoint p) {
      return p.step().checks().acquireWithOpen().p99() <= sloP99Ms;
   }

   /**
    * Replay's part of summary.json: the steps of every speed, the answers per speed, the headroom, the application's
    * mean held time, why the answers are provisional (null when they are not) and the requests whose statements
    * failed at the database (absent when none did).
    */
   record Written(List<Step> steps, List<Answer> answers, String headroom,
                  @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double capturedHeldMeanMs,
                  String provisional,
                  @JsonInclude(JsonInclude.Include.NON_NULL) ReplayWorkload.Failures statementFailures) {
   }

   /**
    * A step as summary.json holds it: RateSweep's entry, then its speed and how long its transactions held their
    * connection (null when none ended).
    */
   record Step(@JsonUnwrapped RateSweepSummary.Entry entry, double speed, @JsonUnwrapped ReplayHeld held) {
   }

   /** An answer at one speed: RateSweep's, after the speed, and whether the replay rather than the database set it. */
   record Answer(double speed, @JsonUnwrapped RateSweepSummary.Answer answer, boolean provisional) {
   }

   @Override
   public synchronized Map<String, Object> json() {
      List<Step> steps = new ArrayList<>();
      bySpeed.forEach((speed, summary) -> {
         List<ReplayHeld> held = heldBySpeed.get(speed);
         List<RateSweepSummary.Entry> own = summary.entries();
         for (int i = 0; i < own.size(); i++) {
            steps.add(new Step(own.get(i), speed, held.get(i)));
         }
      });
      List<Answer> answers = new ArrayList<>();
      Set<Double> provisional = provisionalSet();
      answers().forEach((speed, list) -> list.forEach(a -> answers.add(new Answer(speed,
            RateSweepSummary.Answer.of(a), provisional.contains(speed)))));
      return Json.toMap(new Written(steps, answers, headroom(), capturedHeldMeanMs, provisionalWhy(),
            failures.failed() == 0 ? null : failures));
   }

   /**
    * The answer across speeds in one sentence: "pool 12 serves today's traffic with P99 8 ms; at 2x it needs 20; at
    * 4x no pool up to 64 meets 20 ms: the database saturates (…)", Erlang C's pick beside each; first, when the
    * replay rather than the database set the times, "provisional: " and why; the failures alone when the replay's
    * requests failed at the database.
    */
   public synchronized String headroom() {
      String failed = unanswerable();
      if (failed != null) {
         return failed;
      }
      List<String> parts = new ArrayList<>();
      Set<Double> provisional = provisionalSet();
      answers().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
         for (RateAnswer a : e.getValue()) {
            parts.add(clause(e.getKey(), a, parts.isEmpty(), provisional.contains(e.getKey())));
         }
      });
      String why = provisionalWhy();
      String answer = String.join("; ", parts);
      return why == null || parts.isEmpty() ? answer : "provisional: " + why + ". " + answer;
   }

   /** The speeds whose answer is provisional, for either reason. */
   private Set<Double> provisionalSet() {
      Set<Double> speeds = new TreeSet<>(provisionalSpeeds().keySet());
      speeds.addAll(notTheDatabase().keySet());
      return speeds;
   }

   private String clause(double speed, RateAnswer a, boolean first, boolean provisional) {
      String traffic = speed == 1 ? "today's traffic" : trimmed(speed) + "x today's traffic";
      String model = " (Erlang C: " + (a.predictedPick() == null ? "none" : "pool " + a.predictedPick().pool()) + ")";
      if (a.pick() != null) {
         String p99 = fixed(a.pick().step().times().total().p99(), 3);
         return (first ? "pool " + a.pick().pool() + " serves " + traffic
               : "at " + trimmed(speed) + "x it needs pool " + a.pick().pool()) + " with P99 " + p99 + " ms" + model;
      }
      int largest = a.points().stream().mapToInt(RatePoint::pool).max().orElse(0);
      double best = a.points().stream().mapToDouble(p -> p.step().counts().throughput()).max().orElse(0);
      String served = String.format(Locale.ROOT, "at most %s of the %s requests/s offered served", fixed(best, 1),
            fixed(a.rate(), 1));
      String why = best >= SATURATED * a.rate() ? ": larger pools may"
            : provisional ? " (" + served + ", as the replay held them)"
            : ": the database saturates (" + served + ")";
      return (first ? "for " + traffic + " " : "at " + trimmed(speed) + "x ") + "no pool up to " + largest
            + " meets " + trimmed(sloP99Ms) + " ms" + why + model;
   }

   @Override
   public synchronized Table csv() {
      Table table = new Table(List.of("speed", "workload", "pool", "rate", "throughput", "total_p99_ms",
            "predicted_p99_wait_ms", "meets_slo"));
      answers().forEach((speed, list) -> list.forEach(a -> a.points().forEach(p -> table.add(List.of(
            trimmed(speed), a.workload(), String.valueOf(p.pool()), fixed(a.rate(), 3),
            fixed(p.step().counts().throughput(), 3), fixed(p.step().times().total().p99(), 3),
            p.model() == null || p.predictedUnstable() ? "" : fixed(p.predictedP99WaitMs(), 3),
            String.valueOf(p.meetsSlo(sloP99Ms)))))));
      return table;
   }

   @Override
   public synchronized String tables(boolean markdown) {
      StringBuilder md = new StringBuilder("Times in ms, from each request's arrival. Predicted = M/M/c (Erlang C) "
            + "with the pool's connections as servers and the service time S measured at that pool size. A pool "
            + "meets the SLO when its P99 acquire wait counting the waits still open at the window's close does too; "
            + "each window holds the capture's " + requests + " requests.\n\n");
      answers().forEach((speed, list) -> list.forEach(a -> {
         Table table = RateTables.byPool(a);
         String title = a.workload() + ": " + fixed(a.rate(), 1) + " requests/s";
         md.append(markdown ? "## " + title + "\n\n" + table.markdown() : title + ":\n" + table.text()).append('\n')
               .append(markdown ? "**" + RateText.headline(a) + "**\n\n" : RateText.headline(a) + "\n\n");
      }));
      String headroom = headroom();
      if (!headroom.isEmpty()) {
         md.append(markdown ? "## Headroom\n\n**" + headroom + "**\n" : "Headroom: " + headroom + "\n");
      }
      return md.toString();
   }

   @Override
   public Optional<Path> page(Path runFolder, Path compareWith) {
      return Optional.of(ReplayPage.write(SweepRun.read(runFolder), answers(), headroom(), requests));
   }

   @Override
   public synchronized Map<String, Long> failures() {
      Map<String, Long> failures = new LinkedHashMap<>();
      bySpeed.values().forEach(s -> s.failures().forEach((m, n) -> failures.merge(m, n, Long::sum)));
      return failures;
   }

   @Override
   public synchronized boolean complete() {
      return bySpeed.values().stream().allMatch(RateSweepSummary::complete);
   }
}
