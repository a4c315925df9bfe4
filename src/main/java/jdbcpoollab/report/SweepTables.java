package jdbcpoollab.report;

import jdbcpoollab.analysis.Recommendation;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.analysis.Usl;
import jdbcpoollab.measure.JvmPeaks;
import jdbcpoollab.measure.MachineCpu;
import jdbcpoollab.measure.OpenAtClose;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.fixedOrNa;
import static jdbcpoollab.analysis.NumberText.sharePercent;

/** PoolSweep's results as tables: one row per step, in the shape of the reference experiment. */
public final class SweepTables {
   private static final List<String> BY_POOL = List.of("pool", "ok", "ko", "ko outside", "q/s", "acquire avg",
         "acquire p99", "acquire p99 with open", "oldest open wait", "open at close", "little", "query avg",
         "query p99", "total avg", "total p99", "ops/user min/med/max", "jain", "client CPU", "CPU µs/op");

   private SweepTables() {
   }

   /** One workload's steps, pool size by pool size; times in ms. */
   public static Table byPool(List<StepResult> steps) {
      Table table = new Table(BY_POOL);
      for (StepResult s : steps) {
         table.add(List.of(
               s.pool() + (s.repetition() > 1 ? " #" + s.repetition() : "")
                     + (s.outcome().complete() ? "" : " (incomplete)")
                     + (s.resources().clientCpu().clientBound() ? " (client-bound)" : "")
                     + (s.resources().machine().disturbed() ? " (disturbed)" : "") + StepChecksText.mark(s),
               Long.toString(s.counts().ok()),
               Long.toString(s.counts().ko()),
               Long.toString(s.counts().koOutside()),
               fixed(s.counts().throughput(), 1),
               StepChecksText.acquire(s, s.times().acquire().avg()),
               StepChecksText.acquire(s, s.times().acquire().p99()),
               StepChecksText.censoredP99(s), StepChecksText.oldestOpen(s), StepChecksText.open(s),
               StepChecksText.little(s),
               fixed(s.times().query().avg(), 3), fixed(s.times().query().p99(), 3),
               fixed(s.times().total().avg(), 3), fixed(s.times().total().p99(), 3),
               perUser(s.outcome().perUser()), fixed(s.outcome().perUser().jain(), 3),
               sharePercent(s.resources().clientCpu().share()), fixedOrNa(s.resources().clientCpu().microsPerOp(), 0)));
      }
      return table;
   }

   /**
    * The steps of a sweep over several sources, pool size by pool size and source by source as they ran: throughput,
    * P99 acquire wait (ms), fairness and the connections the server accepted.
    */
   public static Table bySource(List<StepResult> steps) {
      Table table = new Table(List.of("workload", "pool", "source", "ok", "failed", "q/s", "acquire p99",
            "p99 with open", "total p99", "jain", "little", "server connections", "per operation"));
      List<String> workloads = steps.stream().map(StepResult::workload).distinct().toList();
      steps.stream().sorted(Comparator.comparingInt((StepResult s) -> workloads.indexOf(s.workload()))
            .thenComparingInt(StepResult::pool)).forEach(s -> {
               Long connections = s.resources().serverConnections();
               long operations = s.counts().ok() + s.counts().ko();
               table.add(List.of(s.workload(), s.pool() + (s.outcome().complete() ? "" : " (incomplete)")
                           + StepChecksText.mark(s), s.source(), Long.toString(s.counts().ok()),
                     Long.toString(s.counts().failures()),
                     fixed(s.counts().throughput(), 1), StepChecksText.acquire(s, s.times().acquire().p99()),
                     StepChecksText.censoredP99(s), fixed(s.times().total().p99(), 3),
                     fixed(s.outcome().perUser().jain(), 3),
                     StepChecksText.little(s),
                     connections == null ? "n/a" : Long.toString(connections),
                     connections == null || operations == 0 ? "" : fixed((double) connections / operations, 2)));
            });
      return table;
   }

   /** Every step of every workload, flat, for CSV. */
   public static Table flat(List<StepResult> steps) {
      List<String> headers = new ArrayList<>(List.of("workload", "pool", "users", "seconds", "ok", "ko",
            "ko_outside_window", "throughput"));
      for (String timing : List.of("acquire", "query", "total")) {
         for (String stat : List.of("avg", "p50", "p90", "p99", "max")) {
            headers.add(timing + "_" + stat + "_ms");
         }
      }
      headers.addAll(List.of("ops_per_user_min", "ops_per_user_median", "ops_per_user_max", "jain", "complete",
            "repetition", "between_avg_ms", "open_at_close", "open_waiting", "open_in_database", "open_oldest_ms",
            "open_oldest_wait_ms", "acquire_with_open_p50_ms", "acquire_with_open_p99_ms", "acquire_with_open_max_ms",
            "little_ratio", "little_ratio_completed", "longest_wait_median_ms", "longest_wait_p99_ms",
            "longest_wait_max_ms", "overtaken", "drift", "steady", "database", "database_avg", "database_max",
            "machine_cpus", "machine_server", "jvm_cores", "server_cores", "others_cores", "steal_cores",
            "others_share", "steal_share", "disturbed", "client_cpu_share", "client_cpu_us_per_op", "client_bound",
            "heap_peak_mb", "live_threads_peak", "jit_ms_per_s"));
      boolean sources = steps.stream().anyMatch(s -> !s.source().isEmpty());
      if (sources) {
         headers.addAll(List.of("source", "server_connections"));
      }
      Table table = new Table(headers);
      for (StepResult s : steps) {
         StepCounts c = s.counts();
         StepOutcome o = s.outcome();
         StepResources res = s.resources();
         JvmPeaks jvm = s.runtime().jvm();
         List<String> row = new ArrayList<>(List.of(s.workload(), Integer.toString(s.pool()),
               Integer.toString(c.users()), fixed(c.seconds(), 3), Long.toString(c.ok()), Long.toString(c.ko()),
               Long.toString(c.koOutside()), fixed(c.throughput(), 1)));
         for (Timing t : List.of(s.times().acquire(), s.times().query(), s.times().total())) {
            row.addAll(List.of(fixed(t.avg(), 3), fixed(t.p50(), 3), fixed(t.p90(), 3), fixed(t.p99(), 3), fixed(t.max(), 3)));
         }
         row.addAll(List.of(Long.toString(o.perUser().min()), fixed(o.perUser().median(), 1),
               Long.toString(o.perUser().max()), fixed(o.perUser().jain(), 4),
               Boolean.toString(o.complete()), Integer.toString(s.repetition()), known(res.betweenMs())));
         row.addAll(checks(s));
         row.addAll(List.of(res.database().what(), known(res.database().avg()), known(res.database().max())));
         row.addAll(machine(res.machine()));
         row.addAll(List.of(
               fixedOrNa(res.clientCpu().share(), 4), fixedOrNa(res.clientCpu().microsPerOp(), 1),
               Boolean.toString(res.clientCpu().clientBound()), jvm == null ? "" : fixed(jvm.heapPeakMb(), 1),
               jvm == null ? "" : Integer.toString(jvm.liveThreadsPeak()),
               jvm == null || jvm.jitMsPerSecond() == null ? "" : fixed(jvm.jitMsPerSecond(), 1)));
         if (sources) {
            row.addAll(List.of(s.source(),
                  res.serverConnections() == null ? "" : Long.toString(res.serverConnections())));
         }
         table.add(row);
      }
      return table;
   }

   /** A step's checks as CSV cells: the open operations, the censored acquire waits, Little, each user's wait. */
   private static List<String> checks(StepResult s) {
      StepChecks c = s.checks();
      OpenAtClose open = c.openAtClose();
      Timing t = c.acquireWithOpen();
      return List.of(Long.toString(open.count()), Long.toString(open.waiting()), Long.toString(open.inDatabase()),
            fixed(open.oldestMs(), 3), fixed(open.oldestWaitMs(), 3), fixed(t.p50(), 3), fixed(t.p99(), 3),
            fixed(t.max(), 3), known(c.littleRatio()), known(c.littleRatioCompleted()),
            fixed(c.longestWait().medianMs(), 3), fixed(c.longestWait().p99Ms(), 3),
            fixed(c.longestWait().maxMs(), 3), known(c.overtaken()), known(c.drift()),
            c.steady() == null ? "" : Boolean.toString(c.steady()));
   }

   /** The machine's CPU split as CSV cells: empty where not measured, never zero. */
   private static List<String> machine(MachineCpu m) {
      return List.of(m.known() ? Integer.toString(m.cpus()) : "", m.known() ? m.server() : "", known(m.jvmCores()),
            known(m.serverCores()), known(m.othersCores()), known(m.stealCores()), known4(m.othersShare()),
            known4(m.stealShare()), m.known() ? Boolean.toString(m.disturbed()) : "");
   }

   private static String known4(double v) {
      return Double.isFinite(v) ? fixed(v, 4) : "";
   }

   /** Operations per user as min/median/max. */
   private static String perUser(UserSpread u) {
      return u.min() + "/" + fixed(u.median(), 1) + "/" + u.max();
   }

   private static String known(double v) {
      return Double.isFinite(v) ? fixed(v, 3) : "";
   }

   /** One row per workload: the recommended pool and what it rests on. */
   public static Table recommendations(List<Sizing> sizings) {
      Table table = new Table(List.of("workload", "recommended pool", "q/s", "acquire p99", "best q/s (pool)",
            "database saturated from pool", "S1 ms", "USL sigma", "USL kappa", "USL N*", "2 x db cores + 1"));
      for (Sizing s : sizings) {
         Recommendation c = s.choice();
         Usl usl = s.usl();
         String peak = usl == null ? "" : Double.isInfinite(s.uslPeak()) ? "none in sight" : fixed(s.uslPeak(), 1);
         table.add(List.of(s.workload(),
               c.pick() == null ? "-" : Integer.toString(c.pick().pool()),
               c.pick() == null ? "" : SizingText.estimate(c.pick().throughput(), 1),
               c.pick() == null ? "" : SizingText.estimate(c.pick().acquireP99(), 3),
               c.best() == null ? "" : SizingText.estimate(c.best().throughput(), 1) + " (" + c.best().pool() + ")",
               s.saturatedFrom() == null ? "-" : Integer.toString(s.saturatedFrom()),
               s.s1Step() == null ? "" : fixed(s.s1Ms(), 3),
               usl == null ? "" : fixed(usl.sigma(), 4),
               usl == null ? "" : fixed(usl.kappa(), 6),
               peak, s.ruleOfThumb() > 0 ? Integer.toString(s.ruleOfThumb()) : "unknown"),
               c.pick() != null ? "good" : null);
      }
      return table;
   }
}
