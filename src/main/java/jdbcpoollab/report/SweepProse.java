package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.OpenAtClose;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.List;
import java.util.Locale;

/**
 * The explanations on a sweep's page, in one place: what the rule is, what each table's columns mean, why waits are
 * unfair, how the numbers are defined. docs/poolsweep.md describes the page; this is what the page itself says.
 * Constants ending in {@code HTML} are markup; the others are plain text.
 */
final class SweepProse {
   static final String RULE_HTML = "Rule: the smallest pool within 5% of the best throughput (with -Drepeat: not "
         + "significantly below 95% of the best mean, one-sided Welch test at 5%; with one pass, past the pool where "
         + "the database saturated, tested against the spread of the saturated steps, so one lucky step does not "
         + "win). In a closed loop the time per operation is users / throughput (Little's law), so acquire wait is no "
         + "cost of its own: at equal throughput a bigger pool only moves the wait into the database. A pick the "
         + "saturation point, the USL fit or the Little's-law ceiling contradicts says so. Reasoning per workload "
         + "below.";

   static final String GATLING_NOTE_HTML = "(its Cnt/s columns divide by the whole run, not by a step's window; each"
         + " step is a request there, and the users one scenario that goes from step to step)";

   static final String PASSES = "Mean [95% confidence interval] of the passes, Student's t.";

   static final String STEPS = "Ceiling = min(pool, users) / S1 (Little's law). Database: what the server was doing "
         + "through the window (avg / max): the embedded server's CPU in cores, sampled every 100 ms, or "
         + "Threads_running (MySQL, MariaDB), or active backends (PostgreSQL), queried every 500 ms. Client CPU = "
         + "this JVM's CPU during the window / (cores x window), with its µs per operation.";

   static final String STEP_TIMES = "The same steps' times, in ms. P99 with open = the acquire P99 counting each wait "
         + "still open when the window closed at its age so far, a lower bound (≥); oldest open = the oldest of those "
         + "waits, whole (the P99 need not reach it: one such wait among a hundred moves the maximum, not the P99); "
         + "open (oldest) = operations in progress then (the oldest's age, ms). Client = the harness's own time "
         + "between the end of a user's operation and the start of its next, the user's think time left out. "
         + StepChecksText.LITTLE;

   static final String TIMELINE = "Every 100 ms of each window (first pass): operations completed, the pool's active, "
         + "idle and waiting threads (left axis) and the interval's P99 acquire wait (right axis, ms). All samples are "
         + "in " + TimelineFile.NAME + ".";

   static final String FAIRNESS = "FIFO wait = the wait every user would have in a first-come-first-served queue when "
         + "all connections are busy: (users - pool) / throughput. A P99 acquire wait far above it means the waits "
         + "were not shared evenly. A step is flagged when some user completed less than a quarter of an even share "
         + "(ok / users); it is judged only with at least 2 operations per user, since in an orderly queue every "
         + "user's count would be within one of the others'. Longest wait: each user's longest single wait for a "
         + "connection, a wait still open at the close counted at its age: the median user / the 99th percentile of "
         + "the users / the worst user. Overtaken: the "
         + "share of acquires served after a request that started later (a first-come-first-served queue overtakes "
         + "none, though the threads' scheduling reorders requests made microseconds apart).";

   static final String STARVED = "Starved step: ";

   static final String NOT_STARVED = "No user was starved in this run. The widest spread of waits: ";

   static final List<String> WHY_UNFAIR = List.of(
         "With fewer connections than users, most users are waiting for a connection at any moment. If they queued "
               + "in order, each would wait about the same time: (users - pool) / throughput. HikariCP does not keep "
               + "such a queue. A connection that comes back is offered to the thread that has waited longest, but "
               + "any thread that asks for a connection at that moment looks at the shared list first and may take it "
               + "before the hand-off lands; often that is the user who just gave it back, since in a closed loop it "
               + "comes straight back for its next operation. A waiter that loses the race goes back to waiting, "
               + "behind everybody else. Nothing protects a long waiter, so a few unlucky users lose again and again.",
         "That is why the P99 acquire wait can approach the whole measured window while the average stays near the "
               + "FIFO wait: the slowest 1% of waits belong to the starved users, not to a long queue everybody "
               + "shares. P99 here describes the unlucky users, not a typical request; read it together with the "
               + "operations per user. The fix is a pool large enough that users rarely wait (the recommendation "
               + "above), or fewer concurrent users: a pool is not a fair scheduler and is not meant to be one.");

   static final List<String> DEFINITIONS_HTML = List.of(
         "<b>Throughput</b>: successful operations completed inside the measured window / window seconds.",
         "<b>S1</b>: the smallest average query time (prepare, execute, read all rows) among the complete steps, "
               + "normally at pool=1 where a connection works alone: the service time measured in this run, not "
               + "the nominal sleep. Being the smallest, it makes the ceiling a true bound.",
         "<b>Little's-law ceiling</b>: a pool of N connections, each busy S1 per operation, completes at most "
               + "N / S1 operations per second; with more connections than users, users / S1.",
         "<b>Where the time goes</b>: per operation, the average acquire wait, the time in the database (query) "
               + "and the client's share (giving the connection back, then the time until the user's next "
               + "operation). They add up to users / throughput (Little's law for the closed loop).",
         "<b>Database saturated</b>: the embedded server's process used at least 90% of the server's cores "
               + "through the window (its CPU time from /proc, sampled every 100 ms).",
         "<b>Acquire</b>: time in getConnection(), failed operations included; <b>total</b>: acquire + query + "
               + "giving the connection back. Percentiles from HdrHistogram.",
         "<b>Jain's index</b> (sum x)^2 / (n sum x^2) over the operations per user: 1 when every user completed "
               + "the same number, 1/n when one user did everything.",
         "<b>Recommendation</b>: among pool sizes whose steps are complete and without failures, the smallest "
               + "whose throughput is within 5% of the best; with -Drepeat, whose mean throughput is not "
               + "significantly below 95% of the best mean (one-sided Welch test at 5%). With one pass and a "
               + "database saturated from pool k, a pool from k on is tested the same way against the spread of the "
               + "steps from k on (one-sided t-test at 5%): past saturation more connections only queue inside the "
               + "database, so those steps all measure one ceiling, and a larger pool wins only when k is "
               + "significantly below 95% of it.",
         "<b>USL</b> (Universal Scalability Law): X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)), fitted "
               + "by Levenberg-Marquardt least squares on relative errors over the pools up to the number of "
               + "users; sigma measures contention, kappa coherency cost, and N* = sqrt((1 - sigma) / kappa) is "
               + "where throughput peaks.");

   private SweepProse() {
   }

   /** The warning for steps with fewer operations than users, each as {@code wait pool=1 (3 operations)}. */
   static String tooShort(List<String> steps) {
      return "Too short to say much: " + String.join(", ", steps) + " completed fewer operations than there are "
            + "users. A longer window (-Dseconds) or fewer users gives these steps meaning.";
   }

   /**
    * What P99 means in an unfair step, in three lines: over the completed waits, counting the waits still open at the
    * close, and what the least-served user lived through.
    */
   static List<String> whatP99Means(StepResult s) {
      StepChecks c = s.checks();
      OpenAtClose open = c.openAtClose();
      Timing acquire = s.times().acquire();
      return List.of(
            String.format(Locale.ROOT, "%s: over the %d waits that ended in the window, the P99 acquire wait is "
                  + "%.1f ms (average %.1f ms).", s.label(), acquire.count(), acquire.p99(), acquire.avg()),
            open.waiting() == 0 ? "No wait was still open when the window closed, so that P99 counts every wait."
                  : String.format(Locale.ROOT, "Counting the %d waits still open at the close at their age so far "
                        + "(the oldest %.1f ms), the P99 is %s ms, a lower bound; Little's law %s.", open.waiting(),
                  open.oldestWaitMs(), StepChecksText.censoredP99(s), little(c)),
            String.format(Locale.ROOT, "The least-served user completed %d operations and waited up to %.1f ms at "
                  + "once (the median user %.1f ms%s).", s.outcome().perUser().min(), c.longestWait().maxMs(),
                  c.longestWait().medianMs(), Double.isNaN(c.overtaken()) ? "" : String.format(Locale.ROOT,
                        "; %.0f%% of the window's acquires were overtaken by a later request", 100 * c.overtaken())));
   }

   /** What Little's law says of the step's time once its open waits are counted. */
   private static String little(StepChecks c) {
      if (!Double.isFinite(c.littleRatio())) {
         return "cannot be checked, since no operation completed in the window";
      }
      return c.littleLow() ? String.format(Locale.ROOT, "still sees only %.0f%% of the users' time",
            100 * c.littleRatio())
            : String.format(Locale.ROOT, "then accounts for %.0f%% of the users' time (%s without them)",
                  100 * c.littleRatio(), Double.isFinite(c.littleRatioCompleted())
                        ? String.format(Locale.ROOT, "%.0f%%", 100 * c.littleRatioCompleted()) : "n/a");
   }

   /** How unevenly one step's users were served, after {@code lead}. */
   static String spread(String lead, StepResult s) {
      return String.format(Locale.ROOT, "%s%s. In a first-come-first-served queue every wait would be about "
                  + "%.1f ms; the P99 wait was %.1f ms and the longest %.1f ms. The least-served user completed %d "
                  + "operations, the median user %.1f, the busiest %d (Jain's index %.3f).", lead, s.label(),
            Sizing.fifoWaitMs(s), s.times().acquire().p99(), s.times().acquire().max(), s.outcome().perUser().min(),
            s.outcome().perUser().median(), s.outcome().perUser().max(), s.outcome().perUser().jain());
   }
}
