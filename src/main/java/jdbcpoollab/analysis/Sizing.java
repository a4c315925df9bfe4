package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one workload's steps say about the pool size: the single-connection service time S1 and the Little's-law
 * ceiling it implies, busy connections, fairness, a Universal Scalability Law fit, and the recommended pool.
 */
public final class Sizing {
   public static final double DEFAULT_ACQUIRE_P99_MS = 50;
   /** A recommended pool must reach this share of the best throughput measured. */
   public static final double NEAR_BEST = 0.95;
   /** A user is starved when it completed less than this share of an even split of the step's operations. */
   public static final double STARVED_SHARE = 0.25;
   static final int JUDGED_SHARE = 2;
   static final int PEAK_IN_SIGHT = 100;
   /** Above this RMS relative error the USL fit is called poor. */
   static final double POOR_FIT = 0.2;

   /** The recommendation rule's outcome: {@code pick} is null only when no step qualified at all. */
   public record Choice(StepResult best, StepResult pick, boolean meetsWaitLimit, List<StepResult> nearBest,
                        List<StepResult> shortWait) {
   }

   private final String workload;
   private final List<StepResult> steps;
   private final int users;
   private final int cores;
   private final double acquireP99LimitMs;
   private final StepResult s1Step;
   private final Choice choice;
   private final Usl usl;
   private final String uslProblem;

   private Sizing(String workload, List<StepResult> steps, int users, int cores, double acquireP99LimitMs) {
      this.workload = workload;
      this.steps = steps.stream().sorted(Comparator.comparingInt(StepResult::pool)).toList();
      this.users = users;
      this.cores = cores;
      this.acquireP99LimitMs = acquireP99LimitMs;
      List<StepResult> usable = usable(this.steps);
      this.s1Step = this.steps.stream().filter(s -> s.complete() && s.query().count() > 0)
            .min(Comparator.comparingDouble((StepResult s) -> s.query().avg()).thenComparingInt(StepResult::pool))
            .orElse(null);
      this.choice = choose(this.steps, acquireP99LimitMs);
      List<StepResult> fitted = usable.stream().filter(s -> s.pool() <= users).toList();
      Usl fit = null;
      String problem = null;
      if (fitted.size() < 3) {
         problem = "needs at least 3 pool sizes up to the number of users without failures, has " + fitted.size();
      } else {
         try {
            fit = Usl.fit(fitted.stream().mapToDouble(StepResult::pool).toArray(),
                  fitted.stream().mapToDouble(StepResult::throughput).toArray());
         } catch (RuntimeException e) {
            problem = "did not converge: " + e.getMessage();
         }
      }
      this.usl = fit;
      this.uslProblem = problem;
   }

   /** @param settings the run's settings: {@code users}, {@code cores} and {@code acquireP99Ms} are read */
   public static Sizing of(String workload, List<StepResult> steps, Map<String, Object> settings) {
      int users = settings.get("users") instanceof Number n ? n.intValue()
            : steps.stream().mapToInt(StepResult::users).max().orElse(1);
      int cores = settings.get("cores") instanceof Number n ? n.intValue() : Runtime.getRuntime().availableProcessors();
      double limit = settings.get("acquireP99Ms") instanceof Number n ? n.doubleValue() : DEFAULT_ACQUIRE_P99_MS;
      return new Sizing(workload, steps, users, cores, limit);
   }

   /** Steps a recommendation may rest on: complete, without failures, with operations. */
   static List<StepResult> usable(List<StepResult> steps) {
      return steps.stream().filter(s -> s.complete() && s.failures() == 0 && s.ok() > 0)
            .sorted(Comparator.comparingInt(StepResult::pool)).toList();
   }

   /**
    * The recommendation rule: the smallest pool within 5% of the best throughput whose P99 acquire wait is under
    * the limit. When no pool is both, the smallest pool within 5% of the best, flagged as missing the wait limit.
    */
   public static Choice choose(List<StepResult> steps, double acquireP99LimitMs) {
      List<StepResult> usable = usable(steps);
      StepResult best = usable.stream().max(Comparator.comparingDouble(StepResult::throughput)).orElse(null);
      if (best == null) {
         return new Choice(null, null, false, List.of(), List.of());
      }
      List<StepResult> nearBest = usable.stream().filter(s -> s.throughput() >= NEAR_BEST * best.throughput())
            .toList();
      List<StepResult> shortWait = usable.stream().filter(s -> s.acquire().p99() < acquireP99LimitMs).toList();
      StepResult both = nearBest.stream().filter(shortWait::contains).findFirst().orElse(null);
      return both != null
            ? new Choice(best, both, true, nearBest, shortWait)
            : new Choice(best, nearBest.get(0), false, nearBest, shortWait);
   }

   public String workload() {
      return workload;
   }

   public List<StepResult> steps() {
      return steps;
   }

   public int users() {
      return users;
   }

   public Choice choice() {
      return choice;
   }

   public double acquireP99LimitMs() {
      return acquireP99LimitMs;
   }

   /**
    * The step S1 is measured in: the complete step with the smallest average query time, normally pool=1 where a
    * connection works alone. Taking the smallest makes {@link #ceiling} a true bound: at pool N throughput is busy
    * connections / query time, at most N / S1. Failed operations (connection timeouts) do not change a query's
    * time, so they do not disqualify a step. Null when no step completed an operation.
    */
   public StepResult s1Step() {
      return s1Step;
   }

   /** S1 in ms: the average query time of {@link #s1Step()}, the service time of a connection working alone. */
   public double s1Ms() {
      return s1Step == null ? Double.NaN : s1Step.query().avg();
   }

   /** Little's law: N busy connections, each busy S1 per operation, serve at most N / S1 operations per second. */
   public double ceiling(int pool) {
      return Math.min(pool, users) * 1000.0 / s1Ms();
   }

   /** Little's law again: connections busy on average = throughput x query time. */
   public static double busy(StepResult s) {
      return s.throughput() * s.query().avg() / 1000.0;
   }

   /**
    * What each wait would be in a first-come-first-served queue when every connection is busy: the users without a
    * connection, divided by the rate at which connections come back (Little's law on the queue).
    */
   public static double fifoWaitMs(StepResult s) {
      return s.throughput() > 0 ? Math.max(0, s.users() - s.pool()) * 1000.0 / s.throughput() : Double.NaN;
   }

   /**
    * True when some user completed less than a quarter of an even share. Judged only when an even share is at
    * least {@value #JUDGED_SHARE} operations: in a first-come-first-served closed loop every user's count would be
    * within one of every other's, so with fewer operations a zero means nothing.
    */
   public static boolean starved(StepResult s) {
      return judged(s) && s.perUser().min() < STARVED_SHARE * s.ok() / s.users();
   }

   /** Whether the step completed enough operations to judge its fairness. */
   public static boolean judged(StepResult s) {
      return s.users() > 0 && s.ok() >= JUDGED_SHARE * s.users();
   }

   /** HikariCP's rule of thumb: connections = 2 x cores + effective spindles (1 here). */
   public int ruleOfThumb() {
      return 2 * cores + 1;
   }

   public int cores() {
      return cores;
   }

   /** Null when the fit was not possible; see {@link #uslProblem()}. */
   public Usl usl() {
      return usl;
   }

   public String uslProblem() {
      return uslProblem;
   }

   /** The recommendation in one line. */
   public String headline() {
      StepResult pick = choice.pick();
      if (pick == null) {
         return workload + ": no recommendation, no step finished without failures";
      }
      return String.format(Locale.ROOT, "%s: pool %d (%.1f ops/s, P99 acquire wait %.3f ms%s)", workload,
            pick.pool(), pick.throughput(), pick.acquire().p99(),
            choice.meetsWaitLimit() ? "" : ", over the " + num(acquireP99LimitMs) + " ms limit");
   }

   /** The reasoning behind the recommendation, one plain sentence per item. */
   public List<String> reasoning() {
      List<String> lines = new ArrayList<>();
      List<StepResult> left = steps.stream().filter(s -> !usable(steps).contains(s)).toList();
      if (!left.isEmpty()) {
         lines.add("Left out (incomplete, failures or no operations): pool " + pools(left) + ".");
      }
      StepResult best = choice.best();
      if (best == null) {
         lines.add("No step finished without failures, so there is nothing to recommend.");
         return lines;
      }
      lines.add(String.format(Locale.ROOT, "Best throughput: %.1f ops/s at pool %d.", best.throughput(), best.pool()));
      lines.add(String.format(Locale.ROOT, "Within 5%% of it (at least %.1f ops/s): pool %s.",
            NEAR_BEST * best.throughput(), pools(choice.nearBest())));
      lines.add("P99 acquire wait under " + num(acquireP99LimitMs) + " ms (-DacquireP99Ms): "
            + (choice.shortWait().isEmpty() ? "no pool" : "pool " + pools(choice.shortWait())) + ".");
      StepResult pick = choice.pick();
      if (choice.meetsWaitLimit()) {
         lines.add("Recommended: pool " + pick.pool() + ", the smallest pool that is both.");
      } else {
         lines.add(String.format(Locale.ROOT, "No pool is both. Recommended: pool %d, the smallest within 5%% of the "
               + "best; its P99 acquire wait is %.1f ms. With %d users the connections are not the limit here: "
               + "more of them would not raise throughput, they would move the queue from the pool into the "
               + "database. To shorten the wait, lower the number of concurrent users or make the query cheaper.",
               pick.pool(), pick.acquire().p99(), users));
      }
      if (s1Step != null) {
         lines.add(String.format(Locale.ROOT, "S1 = %.3f ms (smallest average query time, at pool %d). At pool %d the "
               + "Little's-law ceiling min(pool, users) / S1 is %.1f ops/s; the pool reached %.0f%% of it.",
               s1Ms(), s1Step.pool(), pick.pool(), ceiling(pick.pool()), 100 * pick.throughput() / ceiling(pick.pool())));
      }
      lines.add(uslSentence());
      lines.add(String.format(Locale.ROOT, "HikariCP's rule of thumb, 2 x cores + effective spindles = 2 x %d + 1 = %d, "
            + "counts the database server's cores (here the same machine). It suits queries that keep the CPU or "
            + "disk busy; a query that mostly waits needs about throughput x query time connections instead.",
            cores, ruleOfThumb()));
      return lines;
   }

   /**
    * The fitted peak N*, or infinity when it lies beyond {@value #PEAK_IN_SIGHT} times the largest pool measured
    * (kappa practically 0: nothing this sweep saw predicts a peak); NaN without a fit.
    */
   public double uslPeak() {
      if (usl == null) {
         return Double.NaN;
      }
      return usl.peak() > PEAK_IN_SIGHT * largestPool() ? Double.POSITIVE_INFINITY : usl.peak();
   }

   private int largestPool() {
      return steps.stream().mapToInt(StepResult::pool).max().orElse(1);
   }

   private String uslSentence() {
      if (usl == null) {
         return "USL fit " + uslProblem + ".";
      }
      double peak = uslPeak();
      String where;
      if (Double.isInfinite(peak)) {
         where = "kappa is practically 0, so the fit predicts no peak: throughput is still growing at the largest "
               + "pool measured";
      } else if (peak < 1.5) {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f: one connection is as fast as it "
               + "gets, the work is serialised somewhere (sigma near 1) and more connections only add waiting", peak);
      } else if (peak > largestPool()) {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f, beyond the largest pool "
               + "measured (%d): no peak yet", peak, largestPool());
      } else {
         where = String.format(Locale.ROOT, "N* = sqrt((1 - sigma) / kappa) = %.1f connections: past it, more "
               + "connections lower throughput", peak);
      }
      return String.format(Locale.ROOT, "USL fit of throughput vs pool (%d pools up to the number of users, RMS "
            + "relative error %.1f%%): lambda = %.1f ops/s per connection, sigma = %.4f, kappa = %.6f; %s.%s",
            usl.points(), 100 * usl.rmsRelativeError(), usl.lambda(), usl.sigma(), usl.kappa(), where,
            usl.rmsRelativeError() > POOR_FIT ? " The fit is poor: the measured curve is too noisy or not shaped like "
                  + "the law (a longer window or a quieter machine helps); read N* as a rough hint only." : "");
   }

   static String pools(List<StepResult> steps) {
      return steps.stream().map(s -> Integer.toString(s.pool())).collect(Collectors.joining(", "));
   }

   public static String num(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
   }
}
