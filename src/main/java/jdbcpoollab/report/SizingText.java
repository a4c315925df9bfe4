package jdbcpoollab.report;

import jdbcpoollab.analysis.Answer;
import jdbcpoollab.analysis.Contradiction;
import jdbcpoollab.analysis.Estimate;
import jdbcpoollab.analysis.PoolSize;
import jdbcpoollab.analysis.Recommendation;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.analysis.Usl;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.asGiven;
import static jdbcpoollab.analysis.NumberText.fixed;

/** A workload's sizing in words: the recommendation in one line and the reasoning behind it. */
public final class SizingText {
   /** What each kind of evidence is called after "the pick contradicts". */
   private static final Map<Contradiction.Evidence, String> EVIDENCE = Map.of(
         Contradiction.Evidence.SATURATION, "the saturation point",
         Contradiction.Evidence.USL_PEAK, "the USL fit's peak",
         Contradiction.Evidence.LITTLE_CEILING, "the Little's-law ceiling");

   private SizingText() {
   }

   /** The recommendation in one line. */
   public static String headline(Sizing sizing) {
      PoolSize pick = sizing.choice().pick();
      if (pick == null) {
         return sizing.workload() + ": no recommendation, no step finished without failures";
      }
      List<Contradiction> against = Contradiction.of(sizing);
      Answer answer = Answer.of(sizing);
      return String.format(Locale.ROOT, "%s: pool %d (%s ops/s%s%s%s%s%s)", sizing.workload(), pick.pool(),
            estimate(pick.throughput(), 1), sizing.thinkMs() > 0 ? String.format(Locale.ROOT, ", carries about %.0f "
                  + "users thinking %s ms", sizing.usersCarried(pick), asGiven(sizing.thinkMs())) : "",
            sizing.saturatedFrom() == null ? "" : ", database saturated from pool " + sizing.saturatedFrom(),
            notSteady(sizing).isEmpty() ? "" : ", rests on a step " + StepChecksText.NOT_STEADY,
            answer.restsOnDisturbed() ? ", rests on " + answer.disturbed().size() + " disturbed step"
                  + (answer.disturbed().size() == 1 ? "" : "s") : "",
            against.isEmpty() ? "" : ", the pick contradicts " + against.stream().map(c -> EVIDENCE.get(c.evidence()))
                  .collect(Collectors.joining(" and ")));
   }

   /** Each contradiction of the pick in a sentence, with what would settle it. */
   static List<String> contradictions(Sizing sizing) {
      return Contradiction.of(sizing).stream().map(c -> switch (c.evidence()) {
         case SATURATION -> String.format(Locale.ROOT, "The pick contradicts the saturation point: the database was "
               + "saturated from pool %.0f, past which more connections only queue inside it, yet it measured "
               + "significantly below 95%% of the best by Welch's test on their passes, so pool %d was picked. Other "
               + "work on the machine giving way to more database threads can do that; measure again on a quieter "
               + "machine.", c.bound(), c.pool());
         case USL_PEAK -> String.format(Locale.ROOT, "The pick contradicts the USL fit's peak: pool %d lies past "
               + "N* = %.1f, where the fit predicts more than 5%% less than at the peak; measure it again "
               + "(-Drepeat) before taking it.", c.pool(), c.bound());
         case LITTLE_CEILING -> String.format(Locale.ROOT, "The pick contradicts the Little's-law ceiling: pool %d "
               + "measured %.1f ops/s, more than %.0f%% above its ceiling %.1f, which no closed loop can reach: its "
               + "step or S1 was measured wrong; measure it again.", c.pool(), sizing.choice().pick().throughput()
               .mean(), 100 * (Contradiction.ABOVE_CEILING - 1), c.bound());
      }).toList();
   }

   /** The steps the recommendation rests on (the best pool's and the pick's) whose throughput drifted. */
   static List<StepResult> notSteady(Sizing sizing) {
      return restsOn(sizing).stream().filter(s -> s.checks().notSteady()).toList();
   }

   /** The steps the recommendation rests on: the best pool's and the pick's. */
   private static List<StepResult> restsOn(Sizing sizing) {
      Recommendation c = sizing.choice();
      return Stream.of(c.pick(), c.best()).filter(Objects::nonNull).distinct().flatMap(p -> p.steps().stream())
            .toList();
   }

   /** Why, in three lines: what the rule picked, why acquire wait is not a cost here, and what the database did. */
   public static List<String> why(Sizing sizing) {
      Recommendation choice = sizing.choice();
      PoolSize best = choice.best();
      PoolSize pick = choice.pick();
      List<String> lines = new ArrayList<>();
      if (pick == null) {
         lines.add("No step finished without failures, so there is nothing to recommend.");
         return lines;
      }
      if (choice.heldAtSaturation()) {
         lines.add(String.format(Locale.ROOT, "Throughput peaks at %s ops/s (pool %d), but the database was saturated "
               + "from pool %d, past which more connections only queue inside it; a larger pool winning on %s is "
               + "what other work on the machine giving way to more database threads, or a lucky window, does, so "
               + "the answer stays pool %d until passes of both tell them apart (-Drepeat, or settling's time).",
               estimate(best.throughput(), 1), best.pool(), choice.saturatedFrom(),
               best.steps().size() == 1 ? "one step" : "one step of pool " + pick.pool(), pick.pool()));
      } else {
         lines.add(String.format(Locale.ROOT, "Throughput peaks at %s ops/s (pool %d); pool %d is the smallest %s, "
               + "so more connections buy nothing.", estimate(best.throughput(), 1), best.pool(), pick.pool(),
               !choice.byTest(pick) ? "within 5% of it"
                     : choice.tested() ? "not significantly below 95% of it (one-sided Welch test at 5%)"
                     : choice.fromCeilingNoise() ? noiseTest(choice.noise())
                     : choice.spread() != null ? "not significantly below 95% of it (one-sided t-test at 5%: Welch's"
                           + " for pools measured again, the others against their relative spread)"
                     : "within 5% of it"));
      }
      lines.add(sizing.thinkMs() > 0 ? thinking(sizing, pick) : last(sizing).pool() == pick.pool()
            ? String.format(Locale.ROOT, "With %d users in a closed loop the time per operation is users / "
                  + "throughput (Little's law): every connection added so far took waiting out of the pool, and the "
                  + "largest pool measured is still the best (query avg %s ms at pool %d).", sizing.users(),
                  fixed(pick.mean(s -> s.times().query().avg()), 3), pick.pool())
            : String.format(Locale.ROOT, "With %d users in a closed loop the time per operation is users / "
                  + "throughput (Little's law): at equal throughput a bigger pool only moves the waiting from the "
                  + "pool into the database (query avg %s ms at pool %d, %s ms at pool %d).", sizing.users(),
                  fixed(pick.mean(s -> s.times().query().avg()), 3), pick.pool(),
                  fixed(last(sizing).mean(s -> s.times().query().avg()), 3), last(sizing).pool()));
      Integer saturated = sizing.saturatedFrom();
      lines.add(saturated != null
            ? String.format(Locale.ROOT, "The database was saturated from pool %d on (its server used at least %.0f%% "
                  + "of its %d cores): past that, connections queue inside the database.", saturated,
                  100 * Sizing.SATURATED, sizing.cores())
            : pick.pool() == sizing.largestPool()
                  ? "Throughput was still growing at the largest pool measured: the connections are the limit, "
                        + "a larger pool may do better still."
                  : "The database was not saturated (or its load is unknown): the limit is elsewhere, such as "
                        + "locks or the client.");
      return lines;
   }

   /** How one pass tests the pools past the saturation point. */
   private static String noiseTest(Recommendation.CeilingNoise noise) {
      return String.format(Locale.ROOT, "not significantly below 95%% of it (one-sided t-test at 5%%, one pass: "
            + "the noise is the spread of the %d steps from pool %d on, where the database was saturated and every "
            + "step measured the same ceiling, standard deviation %.1f ops/s)", noise.steps(), noise.from(),
            noise.sd());
   }

   /**
    * Little's law for a closed loop with think time: users = throughput x (R + Z), so the users, not the pool, may
    * set the throughput; and the users each pool size carries at its measured response time.
    */
   private static String thinking(Sizing sizing, PoolSize pick) {
      double r = pick.mean(s -> s.times().total().avg());
      return String.format(Locale.ROOT, "With %d users each thinking Z = %s ms between operations, a user asks once "
            + "every R + Z (Little's law: users = throughput x (R + Z); at pool %d R = %s ms, so %d users ask at most "
            + "%.1f ops/s). At its measured response time each pool size carries pool x (R + Z) / (time a connection "
            + "is held) users: %s.", sizing.users(), asGiven(sizing.thinkMs()), pick.pool(), fixed(r, 3),
            sizing.users(), sizing.users() * 1000.0 / (r + sizing.thinkMs()), sizing.pools().stream()
                  .filter(PoolSize::usable).map(p -> String.format(Locale.ROOT, "pool %d about %.0f", p.pool(),
                        sizing.usersCarried(p))).collect(Collectors.joining(", ")));
   }

   private static PoolSize last(Sizing sizing) {
      return sizing.pools().get(sizing.pools().size() - 1);
   }

   /** A mean, with its 95% interval when it has one. */
   static String estimate(Estimate e, int digits) {
      return e.repeated() ? fixed(e.mean(), digits) + " [" + fixed(e.low(), digits) + ", " + fixed(e.high(), digits)
            + "]" : fixed(e.mean(), digits);
   }

   /** The reasoning behind the recommendation, one plain sentence per item. */
   public static List<String> reasoning(Sizing sizing) {
      List<String> lines = new ArrayList<>();
      List<StepResult> left = sizing.leftOut();
      if (!left.isEmpty()) {
         lines.add("Left out (incomplete, failures or no operations): pool " + pools(left) + ".");
      }
      Recommendation choice = sizing.choice();
      PoolSize best = choice.best();
      if (best == null) {
         lines.add("No step finished without failures, so there is nothing to recommend.");
         return lines;
      }
      lines.addAll(why(sizing));
      lines.addAll(contradictions(sizing));
      lines.addAll(DisturbedText.answer(Answer.of(sizing)));
      notSteady(sizing).forEach(s -> lines.add("The recommendation rests on " + StepChecksText.drift(s).replaceFirst(
            StepChecksText.NOT_STEADY + ": ", s.label() + ", which was " + StepChecksText.NOT_STEADY + " (")
            + "): a longer -DjvmWarmup or -Dwarmup, or -Drepeat, would tell whether it holds."));
      restsOn(sizing).stream().filter(StepChecksText::jitBusy).forEach(s -> lines.add(String.format(
            Locale.ROOT, "The recommendation rests on %s, measured while the JIT compiled %.0f ms a second: the load"
                  + " generator was still warming; a longer -DjvmWarmup, or -Drepeat, would tell whether it holds.",
            s.label(), s.runtime().jvm().jitMsPerSecond())));
      lines.add(String.format(Locale.ROOT, "Within 5%% of the best (at least %.1f ops/s%s): pool %s.",
            Recommendation.NEAR_BEST * best.throughput().mean(),
            choice.nearBest().stream().anyMatch(choice::byTest) ? ", or not significantly below" : "",
            choice.nearBest().stream().map(p -> Integer.toString(p.pool())).collect(Collectors.joining(", "))));
      PoolSize pick = choice.pick();
      List<PoolSize> shortWait = sizing.pools().stream()
            .filter(p -> p.usable() && p.acquireP99().mean() < sizing.acquireP99LimitMs()).toList();
      lines.add("P99 acquire wait under " + asGiven(sizing.acquireP99LimitMs()) + " ms (-DacquireP99Ms, not part of "
            + "the rule; a gate with -Dassert.p99AcquireMs): " + (shortWait.isEmpty() ? "no pool"
            : "pool " + shortWait.stream().map(p -> Integer.toString(p.pool())).collect(Collectors.joining(", ")))
            + ".");
      if (sizing.s1Step() != null) {
         double ceiling = sizing.ceiling(pick.pool());
         lines.add(String.format(Locale.ROOT, "S1 = %.3f ms (smallest average query time, at pool %d). At pool %d the "
               + "Little's-law ceiling %s is %.1f ops/s; the pool reached %.0f%% of it.",
               sizing.s1Ms(), sizing.s1Step().pool(), pick.pool(), sizing.thinkMs() > 0
                     ? "min(pool / S1, users / (S1 + Z)), Z = " + asGiven(sizing.thinkMs()) + " ms,"
                     : "min(pool, users) / S1", ceiling, 100 * pick.throughput().mean() / ceiling));
      }
      lines.add(uslSentence(sizing));
      lines.add(sizing.cores() > 0
            ? String.format(Locale.ROOT, "HikariCP's rule of thumb, 2 x cores + effective spindles = 2 x %d + 1 = %d, "
                  + "counts the database server's cores. It suits queries that keep the CPU or disk busy; a query "
                  + "that mostly waits needs about throughput x query time connections instead.",
                  sizing.cores(), sizing.ruleOfThumb())
            : "HikariCP's rule of thumb, 2 x cores + effective spindles, counts the database server's cores, which "
                  + "are unknown here (-Ddb.cores gives them).");
      return lines;
   }

   private static String uslSentence(Sizing sizing) {
      Usl usl = sizing.usl();
      if (usl == null) {
         return "USL fit " + sizing.uslProblem() + ".";
      }
      double peak = sizing.uslPeak();
      String where;
      if (Double.isInfinite(peak)) {
         where = "kappa is practically 0, so the fit predicts no peak: throughput is still growing at the largest "
               + "pool measured";
      } else if (peak < 1.5) {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f: one connection is as fast as it "
               + "gets, the work is serialised somewhere (sigma near 1) and more connections only add waiting", peak);
      } else if (peak > sizing.largestPool()) {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f, beyond the largest pool "
               + "measured (%d): no peak yet", peak, sizing.largestPool());
      } else {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f connections: past it, more "
               + "connections lower throughput", peak);
      }
      return String.format(Locale.ROOT, "USL fit of throughput vs pool (%d pools up to the number of users, RMS "
            + "relative error %.1f%%): lambda = %.1f ops/s per connection, sigma = %.4f, kappa = %.6f; %s.%s",
            usl.points(), 100 * usl.rmsRelativeError(), usl.lambda(), usl.sigma(), usl.kappa(), where,
            sizing.poorFit() ? " The fit is poor: the measured curve is too noisy or not shaped like "
                  + "the law (a longer window or a quieter machine helps); read N* as a rough hint only." : "");
   }

   private static String pools(List<StepResult> steps) {
      return steps.stream().map(s -> Integer.toString(s.pool())).collect(Collectors.joining(", "));
   }
}
