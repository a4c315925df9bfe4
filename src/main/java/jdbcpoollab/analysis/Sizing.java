package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.SweepSettings;

import java.util.Comparator;
import java.util.List;

/**
 * What one workload's steps say about the pool size: S1 and the Little's-law ceiling it implies ({@link Capacity}),
 * busy connections, fairness, a Universal Scalability Law fit, and the recommended pool.
 */
public final class Sizing {
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
      this.s1Step = Capacity.sweepS1Step(this.steps);
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

   /**
    * What a sweep's steps are sized against.
    *
    * @param users        the closed loop's users
    * @param cores        cores of the machine the rule of thumb counts
    * @param acquireP99Ms the P99 acquire wait the recommendation keeps under
    */
   public record Context(int users, int cores, double acquireP99Ms) {
      /** A sweep's context; a part its settings do not give (a run written before they had it) takes its default. */
      public static Context of(SweepSettings settings, Environment environment, List<StepResult> steps) {
         return new Context(settings.users() > 0 ? settings.users()
               : steps.stream().mapToInt(StepResult::users).max().orElse(1),
               environment.cores() != null ? environment.cores() : Runtime.getRuntime().availableProcessors(),
               settings.acquireP99Ms() > 0 ? settings.acquireP99Ms() : SweepSettings.DEFAULT_ACQUIRE_P99_MS);
      }
   }

   public static Sizing of(String workload, List<StepResult> steps, Context context) {
      return new Sizing(workload, steps, context.users(), context.cores(), context.acquireP99Ms());
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

   /** The step S1 is measured in ({@link Capacity#sweepS1Step}); null when no step completed an operation. */
   public StepResult s1Step() {
      return s1Step;
   }

   /** S1 in ms ({@link Capacity}), NaN without {@link #s1Step()}. */
   public double s1Ms() {
      return Capacity.sweepS1Ms(s1Step);
   }

   /** The Little's-law ceiling at this pool size ({@link Capacity#ceiling}). */
   public double ceiling(int pool) {
      return Capacity.ceiling(pool, users, s1Ms());
   }

   /** Connections busy on average ({@link Capacity#busy}). */
   public static double busy(StepResult s) {
      return Capacity.busy(s);
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

   /** Steps the recommendation could not rest on: incomplete, with failures or without operations. */
   public List<StepResult> leftOut() {
      List<StepResult> usable = usable(steps);
      return steps.stream().filter(s -> !usable.contains(s)).toList();
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

   /** The largest pool measured. */
   public int largestPool() {
      return steps.stream().mapToInt(StepResult::pool).max().orElse(1);
   }

   /** True when the USL fit's RMS relative error is above {@value #POOR_FIT}: read N* as a rough hint only. */
   public boolean poorFit() {
      return usl != null && usl.rmsRelativeError() > POOR_FIT;
   }
}
