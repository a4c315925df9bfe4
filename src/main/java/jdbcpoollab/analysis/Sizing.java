package jdbcpoollab.analysis;

import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.PoolSweepSettings;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What one workload's steps say about the pool size: S1 and the Little's-law ceiling it implies ({@link Capacity}),
 * fairness, a Universal Scalability Law fit, where the database saturated, and the recommended pool
 * ({@link Recommendation}). With {@code -Drepeat} a pool size has several steps, one per pass; the rule reads their
 * mean and spread.
 */
public final class Sizing {
   /** A step whose embedded server used at least this share of the server's cores saturated the database. */
   public static final double SATURATED = 0.9;
   /** A user is starved when it completed less than this share of an even split of the step's operations. */
   public static final double STARVED_SHARE = 0.25;
   static final int JUDGED_SHARE = 2;
   /** A step is unfair when some user waited at least this share of the window at once. */
   static final double UNFAIR_WAIT_SHARE = 0.5;
   static final int PEAK_IN_SIGHT = 100;
   /** Above this RMS relative error the USL fit is called poor. */
   static final double POOR_FIT = 0.2;

   private final String workload;
   private final List<StepResult> steps;
   private final List<PoolSize> pools;
   private final int users;
   private final int cores;
   private final double acquireP99LimitMs;
   private final double thinkMs;
   private final StepResult s1Step;
   private final Recommendation choice;
   private final Usl usl;
   private final String uslProblem;

   private Sizing(String workload, List<StepResult> steps, int users, int cores, double acquireP99LimitMs,
                  double thinkMs) {
      this.workload = workload;
      this.steps = steps.stream().sorted(Comparator.comparingInt(StepResult::pool)
            .thenComparingInt(StepResult::repetition)).toList();
      this.pools = PoolSize.of(this.steps);
      this.users = users;
      this.cores = cores;
      this.acquireP99LimitMs = acquireP99LimitMs;
      this.thinkMs = thinkMs;
      this.s1Step = Capacity.sweepS1Step(this.steps);
      this.choice = Recommendation.of(this.steps, saturatedFrom());
      List<PoolSize> fitted = pools.stream().filter(p -> p.usable() && p.pool() <= users).toList();
      Usl fit = null;
      String problem = null;
      if (fitted.size() < 3) {
         problem = "needs at least 3 pool sizes up to the number of users without failures, has " + fitted.size();
      } else {
         try {
            fit = Usl.fit(fitted.stream().mapToDouble(PoolSize::pool).toArray(),
                  fitted.stream().mapToDouble(p -> p.throughput().mean()).toArray());
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
    * @param cores        the database server's cores, which the rule of thumb counts; 0 when unknown
    * @param acquireP99Ms the P99 acquire wait the report marks steps against (not part of the rule)
    * @param thinkMs      each workload's mean think time between operations (Z), by name; a workload not named
    *                     has none
    */
   public record Context(int users, int cores, double acquireP99Ms, Map<String, Double> thinkMs) {
      public Context {
         thinkMs = thinkMs == null ? Map.of() : Map.copyOf(thinkMs);
      }

      /** A context whose users never think. */
      public Context(int users, int cores, double acquireP99Ms) {
         this(users, cores, acquireP99Ms, Map.of());
      }

      /** This context with the workloads' think times, by name. */
      public Context thinking(Map<String, Double> think) {
         return new Context(users, cores, acquireP99Ms, think);
      }

      /** Z of {@code workload}, or of the workload it is a source's steps of ({@code orders hikari}); 0 for none. */
      double thinkMs(String workload) {
         return thinkMs.entrySet().stream().filter(e -> workload.equals(e.getKey())
               || workload.startsWith(e.getKey() + " ")).mapToDouble(Map.Entry::getValue).findFirst().orElse(0);
      }

      /** A sweep's context; a part its settings do not give (a run written before they had it) takes its default. */
      public static Context of(PoolSweepSettings settings, Environment environment, List<StepResult> steps) {
         return new Context(settings.users() > 0 ? settings.users()
               : steps.stream().mapToInt(s -> s.counts().users()).max().orElse(1),
               settings.databaseCores() != null ? settings.databaseCores() : 0,
               settings.acquireP99Ms() > 0 ? settings.acquireP99Ms() : PoolSweepSettings.DEFAULT_ACQUIRE_P99_MS);
      }
   }

   public static Sizing of(String workload, List<StepResult> steps, Context context) {
      return new Sizing(workload, steps, context.users(), context.cores(), context.acquireP99Ms(),
            context.thinkMs(workload));
   }

   public String workload() {
      return workload;
   }

   /** The workload's sizing over its steps but those {@code out} takes, against the same users, cores and think. */
   public Sizing without(Predicate<StepResult> out) {
      return new Sizing(workload, steps.stream().filter(out.negate()).toList(), users, cores, acquireP99LimitMs,
            thinkMs);
   }

   /** Every step, by pool size, then pass. */
   public List<StepResult> steps() {
      return steps;
   }

   /** The pool sizes measured, each with its steps. */
   public List<PoolSize> pools() {
      return pools;
   }

   /** Whether a pool size has more than one step (-Drepeat). */
   public boolean repeated() {
      return pools.stream().anyMatch(p -> p.steps().size() > 1);
   }

   /**
    * True when the step's embedded server used at least {@value #SATURATED} of the server's cores; false when not,
    * or when that is not known (another server, or its cores unknown).
    */
   public boolean saturated(StepResult s) {
      return serverKnown(s) && s.resources().database().avg() >= SATURATED * cores;
   }

   /** True when the step's embedded server is known to have used less than {@value #SATURATED} of its cores. */
   public boolean unsaturated(StepResult s) {
      return serverKnown(s) && s.resources().database().avg() < SATURATED * cores;
   }

   private boolean serverKnown(StepResult s) {
      DatabaseActivity db = s.resources().database();
      return cores > 0 && db.known() && DatabaseActivity.CPU_CORES.equals(db.what());
   }

   /** The smallest pool at which the database was saturated, or null. */
   public Integer saturatedFrom() {
      return steps.stream().filter(this::saturated).map(StepResult::pool).min(Integer::compare).orElse(null);
   }

   public int users() {
      return users;
   }

   /** The recommendation ({@link Recommendation}), told where the database saturated. */
   public Recommendation choice() {
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

   /** The Little's-law ceiling at this pool size, min(pool / S1, users / (S1 + Z)) ({@link Capacity#ceiling}). */
   public double ceiling(int pool) {
      return Capacity.ceiling(pool, users, s1Ms(), thinkMs);
   }

   /** The users' mean think time between operations, Z, in ms; 0 when they do not think. */
   public double thinkMs() {
      return thinkMs;
   }

   /**
    * The users a pool size carries at its measured response time ({@link Capacity#usersCarried}): its connections
    * kept busy, each held the pool's average statement time (query avg) per operation, each user asking once every
    * R + Z (total avg + think time).
    */
   public double usersCarried(PoolSize pool) {
      return Capacity.usersCarried(pool.pool(), pool.mean(s -> s.times().query().avg()),
            pool.mean(s -> s.times().total().avg()), thinkMs);
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
      return s.counts().throughput() > 0
            ? Math.max(0, s.counts().users() - s.pool()) * 1000.0 / s.counts().throughput() : Double.NaN;
   }

   /**
    * True when some user completed less than a quarter of an even share. Judged only when an even share is at
    * least {@value #JUDGED_SHARE} operations: in a first-come-first-served closed loop every user's count would be
    * within one of every other's, so with fewer operations a zero means nothing.
    */
   public static boolean starved(StepResult s) {
      return judged(s) && s.outcome().perUser().min() < STARVED_SHARE * s.counts().ok() / s.counts().users();
   }

   /**
    * True when the step was unfair to some user: fewer connections than users, and a user starved or waited at
    * least half the window at once (a wait still open at the close counted at its age).
    */
   public static boolean unfair(StepResult s) {
      return s.pool() < s.counts().users() && (starved(s) || s.counts().seconds() > 0
            && s.checks().longestWait().maxMs() >= UNFAIR_WAIT_SHARE * 1000 * s.counts().seconds());
   }

   /** Whether the step completed enough operations to judge its fairness. */
   public static boolean judged(StepResult s) {
      return s.counts().users() > 0 && s.counts().ok() >= JUDGED_SHARE * s.counts().users();
   }

   /**
    * HikariCP's rule of thumb: connections = 2 x the database server's cores + effective spindles (1 here); 0 when
    * the server's cores are unknown.
    */
   public int ruleOfThumb() {
      return cores > 0 ? 2 * cores + 1 : 0;
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
      return steps.stream().filter(s -> !PoolSize.usable(s)).toList();
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
