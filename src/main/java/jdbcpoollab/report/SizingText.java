package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.analysis.Usl;
import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.asGiven;

/** A workload's sizing in words: the recommendation in one line and the reasoning behind it. */
public final class SizingText {

   private SizingText() {
   }

   /** The recommendation in one line. */
   public static String headline(Sizing sizing) {
      Sizing.Choice choice = sizing.choice();
      StepResult pick = choice.pick();
      if (pick == null) {
         return sizing.workload() + ": no recommendation, no step finished without failures";
      }
      return String.format(Locale.ROOT, "%s: pool %d (%.1f ops/s, P99 acquire wait %.3f ms%s)", sizing.workload(),
            pick.pool(), pick.throughput(), pick.acquire().p99(),
            choice.meetsWaitLimit() ? "" : ", over the " + asGiven(sizing.acquireP99LimitMs()) + " ms limit");
   }

   /** The reasoning behind the recommendation, one plain sentence per item. */
   public static List<String> reasoning(Sizing sizing) {
      List<String> lines = new ArrayList<>();
      List<StepResult> left = sizing.leftOut();
      if (!left.isEmpty()) {
         lines.add("Left out (incomplete, failures or no operations): pool " + pools(left) + ".");
      }
      Sizing.Choice choice = sizing.choice();
      StepResult best = choice.best();
      if (best == null) {
         lines.add("No step finished without failures, so there is nothing to recommend.");
         return lines;
      }
      lines.add(String.format(Locale.ROOT, "Best throughput: %.1f ops/s at pool %d.", best.throughput(), best.pool()));
      lines.add(String.format(Locale.ROOT, "Within 5%% of it (at least %.1f ops/s): pool %s.",
            Sizing.NEAR_BEST * best.throughput(), pools(choice.nearBest())));
      lines.add("P99 acquire wait under " + asGiven(sizing.acquireP99LimitMs()) + " ms (-DacquireP99Ms): "
            + (choice.shortWait().isEmpty() ? "no pool" : "pool " + pools(choice.shortWait())) + ".");
      StepResult pick = choice.pick();
      if (choice.meetsWaitLimit()) {
         lines.add("Recommended: pool " + pick.pool() + ", the smallest pool that is both.");
      } else {
         lines.add(String.format(Locale.ROOT, "No pool is both. Recommended: pool %d, the smallest within 5%% of the "
               + "best; its P99 acquire wait is %.1f ms. With %d users the connections are not the limit here: "
               + "more of them would not raise throughput, they would move the queue from the pool into the "
               + "database. To shorten the wait, lower the number of concurrent users or make the query cheaper.",
               pick.pool(), pick.acquire().p99(), sizing.users()));
      }
      if (sizing.s1Step() != null) {
         double ceiling = sizing.ceiling(pick.pool());
         lines.add(String.format(Locale.ROOT, "S1 = %.3f ms (smallest average query time, at pool %d). At pool %d the "
               + "Little's-law ceiling min(pool, users) / S1 is %.1f ops/s; the pool reached %.0f%% of it.",
               sizing.s1Ms(), sizing.s1Step().pool(), pick.pool(), ceiling, 100 * pick.throughput() / ceiling));
      }
      lines.add(uslSentence(sizing));
      lines.add(String.format(Locale.ROOT, "HikariCP's rule of thumb, 2 x cores + effective spindles = 2 x %d + 1 = %d, "
            + "counts the database server's cores (here the same machine). It suits queries that keep the CPU or "
            + "disk busy; a query that mostly waits needs about throughput x query time connections instead.",
            sizing.cores(), sizing.ruleOfThumb()));
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
