package jdbcpoollab.report;

import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.analysis.PoolSize;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.DatabaseActivity;
import jdbcpoollab.measure.MachineCpu;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.measure.UserWaits;

import java.util.List;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.ratioPercent;
import static jdbcpoollab.analysis.NumberText.sharePercent;

/**
 * The tables of one workload's section of a sweep's page. A step's numbers are two tables, throughput and what the
 * server and client did, then the times, so that each fits a 1366-px window.
 */
final class WorkloadTables {

   private WorkloadTables() {
   }

   /** Per step: operations, throughput against its ceiling, the database and the client's CPU. */
   static Table steps(Sizing sizing) {
      Table table = new Table(List.of("pool", "ok", "ko", "ko outside", "ops/s", "ceiling ops/s", "% of ceiling",
            "database", "client CPU", "CPU µs/op", "others + steal"));
      for (StepResult s : sizing.steps()) {
         double ceiling = sizing.s1Step() == null ? Double.NaN : sizing.ceiling(s.pool());
         StepCounts c = s.counts();
         table.add(List.of(pool(sizing, s), Long.toString(c.ok()), Long.toString(c.ko()), Long.toString(c.koOutside()),
               fixed(c.throughput(), 1), fixed(ceiling, 1), ratioPercent(c.throughput() / ceiling),
               database(sizing, s), sharePercent(s.resources().clientCpu().share()),
               NumberText.fixedOrNa(s.resources().clientCpu().microsPerOp(), 0), others(s)), mark(sizing, s));
      }
      return table;
   }

   /** Per step, the times of an operation in ms. */
   static Table stepTimes(Sizing sizing) {
      Table table = new Table(List.of("pool", "acquire avg", "acquire P99", "P99 with open", "oldest open",
            "open (oldest)", "Little", "query avg", "total avg", "total P99", "client avg"));
      for (StepResult s : sizing.steps()) {
         table.add(List.of(pool(sizing, s), StepChecksText.acquire(s, s.times().acquire().avg()),
               StepChecksText.acquire(s, s.times().acquire().p99()), StepChecksText.censoredP99(s),
               StepChecksText.oldestOpen(s), StepChecksText.open(s), StepChecksText.little(s),
               fixed(s.times().query().avg(), 3), fixed(s.times().total().avg(), 3), fixed(s.times().total().p99(), 3),
               fixed(SweepCharts.clientMs(s), 3)), mark(sizing, s));
      }
      return table;
   }

   /** A step's first cell: its pool, pass and what marks it. */
   private static String pool(Sizing sizing, StepResult s) {
      return s.pool() + (sizing.repeated() ? " #" + s.repetition() : "")
            + (s.outcome().complete() ? "" : " (incomplete)") + (picked(sizing, s) ? " (recommended)" : "")
            + (s.resources().clientCpu().clientBound() ? " (client-bound)" : "")
            + (s.resources().machine().disturbed() ? " (disturbed)" : "") + StepChecksText.mark(s);
   }

   /** Other processes' and steal's share of the machine in a step, with their cores; n/a when not measured. */
   private static String others(StepResult s) {
      MachineCpu m = s.resources().machine();
      return m.known() ? sharePercent(m.othersShare() + m.stealShare()) + " (" + fixed(m.othersCores(), 2)
            + " + " + fixed(m.stealCores(), 2) + " cores)" : "n/a";
   }

   private static String mark(Sizing sizing, StepResult s) {
      return picked(sizing, s) ? "good"
            : s.counts().failures() > 0 || s.resources().clientCpu().clientBound() ? "bad" : null;
   }

   private static boolean picked(Sizing sizing, StepResult s) {
      PoolSize pick = sizing.choice().pick();
      return pick != null && pick.steps().contains(s);
   }

   /** What the database did in a step, as the steps table shows it. */
   static String database(Sizing sizing, StepResult s) {
      DatabaseActivity db = s.resources().database();
      if (db == null || !db.known()) {
         return "unknown";
      }
      String text = db.what() + " " + fixed(db.avg(), 2) + " / " + fixed(db.max(), 2);
      return sizing.saturated(s) ? text + " database saturated" : text;
   }

   /** Per pool size of a repeated sweep: the mean and interval of its passes. */
   static Table passes(Sizing sizing) {
      Table table = new Table(List.of("pool", "passes", "ops/s", "acquire P99", "total P99"));
      PoolSize pick = sizing.choice().pick();
      for (PoolSize p : sizing.pools()) {
         table.add(List.of(p.pool() + (p == pick ? " (recommended)" : ""), Integer.toString(p.steps().size()),
               SizingText.estimate(p.throughput(), 1), SizingText.estimate(p.acquireP99(), 3),
               SizingText.estimate(p.totalP99(), 3)), p == pick ? "good" : null);
      }
      return table;
   }

   /** Each user's longest wait (open or not) across the users, in ms: median / P99 / worst user. */
   private static String longest(StepResult s) {
      UserWaits w = s.checks().longestWait();
      return w.users() == 0 ? "n/a" : fixed(w.medianMs(), 1) + " / " + fixed(w.p99Ms(), 1) + " / "
            + fixed(w.maxMs(), 1);
   }

   /** Per step: the operations per user, the waits against a FIFO queue's, and whether a user starved. */
   static Table fairness(Sizing sizing) {
      Table table = new Table(List.of("pool", "users", "ops/user min", "median", "max", "Jain's index",
            "acquire avg", "FIFO wait", "acquire P99", "acquire max", "longest wait", "overtaken", "starved?"));
      for (StepResult s : sizing.steps()) {
         boolean starved = Sizing.starved(s);
         UserSpread perUser = s.outcome().perUser();
         table.add(List.of(Integer.toString(s.pool()), Integer.toString(s.counts().users()),
               Long.toString(perUser.min()), fixed(perUser.median(), 1), Long.toString(perUser.max()),
               fixed(perUser.jain(), 3), fixed(s.times().acquire().avg(), 3),
               s.counts().ok() > 0 ? fixed(Sizing.fifoWaitMs(s), 3) : "", fixed(s.times().acquire().p99(), 3),
               fixed(s.times().acquire().max(), 3), longest(s), sharePercent(s.checks().overtaken()),
               starved ? "STARVED" : Sizing.judged(s) ? "no" : "too few operations"), starved ? "bad" : null);
      }
      return table;
   }
}
