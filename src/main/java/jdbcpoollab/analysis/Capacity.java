package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;

import java.util.Comparator;
import java.util.List;

/**
 * Little's law applied to a pool, and the one definition of S1 that every report uses.
 * <p>
 * S1 is the mean time of one operation when it has a connection to itself: nothing queues for that connection, so
 * the time holds no waiting, only the work one connection does per operation. A pool of N connections, each busy S1
 * per operation, then completes at most N / S1 operations per second; with fewer users than connections only the
 * users' connections can be busy, so the ceiling is {@code min(pool, users) / S1}.
 * <p>
 * Two runs measure S1 two ways. A sweep has no step where a user is alone, so it takes the statement time (query
 * avg, which excludes the wait for a connection) of the step where it is smallest, normally pool=1
 * ({@link #sweepS1Step}). The fidelity benchmark runs one user on a pool of one, where nothing waits, and takes that
 * user's whole operation (total avg: acquire, statement and giving the connection back; {@link #aloneS1Ms}).
 */
public final class Capacity {

   private Capacity() {
   }

   /**
    * The step a sweep measures S1 in: the complete step with the smallest average query time. Taking the smallest
    * makes the ceiling a true bound: at pool N throughput is busy connections / query time, at most N / S1. Failed
    * operations (connection timeouts) do not change a query's time, so they do not disqualify a step. Null when no
    * step completed an operation.
    */
   public static StepResult sweepS1Step(List<StepResult> steps) {
      return steps.stream().filter(s -> s.outcome().complete() && s.times().query().count() > 0)
            .min(Comparator.comparingDouble((StepResult s) -> s.times().query().avg())
                  .thenComparingInt(StepResult::pool))
            .orElse(null);
   }

   /** S1 in ms of a sweep: the average query time of {@link #sweepS1Step}, NaN without one. */
   public static double sweepS1Ms(StepResult s1Step) {
      return s1Step == null ? Double.NaN : s1Step.times().query().avg();
   }

   /** S1 in ms of one user alone on a pool of one connection: the mean total time of its operations. */
   public static double aloneS1Ms(StepResult alone) {
      return alone.times().total().avg();
   }

   /** The Little's-law ceiling min(pool, users) / S1, in operations per second. */
   public static double ceiling(int pool, int users, double s1Ms) {
      return ceiling(pool, users, s1Ms, 0);
   }

   /**
    * The ceiling of a closed loop whose users think {@code thinkMs} (Z) between operations: min(pool / S1,
    * users / (S1 + Z)). A pool serves at most pool / S1; a user asks at most once every S1 + Z.
    */
   public static double ceiling(int pool, int users, double s1Ms, double thinkMs) {
      return Math.min(pool * 1000.0 / s1Ms, users * 1000.0 / (s1Ms + thinkMs));
   }

   /**
    * Little's law once more: the users a pool of {@code pool} connections carries when each operation holds its
    * connection {@code holdMs} and a user asks once every {@code responseMs} + {@code thinkMs} (R + Z), the pool
    * kept busy: pool x (R + Z) / hold.
    */
   public static double usersCarried(int pool, double holdMs, double responseMs, double thinkMs) {
      return holdMs > 0 ? pool * (responseMs + thinkMs) / holdMs : Double.NaN;
   }

   /** Little's law again: connections busy on average = throughput x query time. */
   public static double busy(StepResult s) {
      return s.counts().throughput() * s.times().query().avg() / 1000.0;
   }
}
