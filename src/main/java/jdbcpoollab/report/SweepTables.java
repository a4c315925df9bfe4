package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.analysis.Usl;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** PoolSweep's results as tables: one row per step, in the shape of the reference experiment. */
public final class SweepTables {
   private static final List<String> BY_POOL = List.of("pool", "ok", "ko", "q/s", "acquire avg", "acquire p99",
         "query avg", "query p99", "total avg", "total p99", "ops/user min/med/max", "jain");

   private SweepTables() {
   }

   /** One workload's steps, pool size by pool size; times in ms. */
   public static Table byPool(List<StepResult> steps) {
      Table table = new Table(BY_POOL);
      for (StepResult s : steps) {
         table.add(List.of(
               s.pool() + (s.complete() ? "" : " (incomplete)"),
               Long.toString(s.ok()),
               Long.toString(s.ko() + s.koOutside()),
               f1(s.throughput()),
               f3(s.acquire().avg()), f3(s.acquire().p99()),
               f3(s.query().avg()), f3(s.query().p99()),
               f3(s.total().avg()), f3(s.total().p99()),
               s.perUser().min() + "/" + f1(s.perUser().median()) + "/" + s.perUser().max(),
               String.format(Locale.ROOT, "%.3f", s.perUser().jain())));
      }
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
      headers.addAll(List.of("ops_per_user_min", "ops_per_user_median", "ops_per_user_max", "jain", "complete"));
      Table table = new Table(headers);
      for (StepResult s : steps) {
         List<String> row = new ArrayList<>(List.of(s.workload(), Integer.toString(s.pool()),
               Integer.toString(s.users()), f3(s.seconds()), Long.toString(s.ok()), Long.toString(s.ko()),
               Long.toString(s.koOutside()), f1(s.throughput())));
         for (Timing t : List.of(s.acquire(), s.query(), s.total())) {
            row.addAll(List.of(f3(t.avg()), f3(t.p50()), f3(t.p90()), f3(t.p99()), f3(t.max())));
         }
         row.addAll(List.of(Long.toString(s.perUser().min()), f1(s.perUser().median()),
               Long.toString(s.perUser().max()), String.format(Locale.ROOT, "%.4f", s.perUser().jain()),
               Boolean.toString(s.complete())));
         table.add(row);
      }
      return table;
   }

   /** One row per workload: the recommended pool and what it rests on. */
   public static Table recommendations(List<Sizing> sizings) {
      Table table = new Table(List.of("workload", "recommended pool", "q/s", "acquire p99", "under wait limit",
            "best q/s (pool)", "S1 ms", "USL sigma", "USL kappa", "USL N*", "2 x cores + 1"));
      for (Sizing s : sizings) {
         Sizing.Choice c = s.choice();
         Usl usl = s.usl();
         String peak = usl == null ? "" : Double.isInfinite(s.uslPeak()) ? "none in sight" : f1(s.uslPeak());
         table.add(List.of(s.workload(),
               c.pick() == null ? "-" : Integer.toString(c.pick().pool()),
               c.pick() == null ? "" : f1(c.pick().throughput()),
               c.pick() == null ? "" : f3(c.pick().acquire().p99()),
               c.pick() == null ? "" : c.meetsWaitLimit() ? "yes" : "no",
               c.best() == null ? "" : f1(c.best().throughput()) + " (" + c.best().pool() + ")",
               s.s1Step() == null ? "" : f3(s.s1Ms()),
               usl == null ? "" : String.format(Locale.ROOT, "%.4f", usl.sigma()),
               usl == null ? "" : String.format(Locale.ROOT, "%.6f", usl.kappa()),
               peak, Integer.toString(s.ruleOfThumb())), c.meetsWaitLimit() ? "good" : null);
      }
      return table;
   }

   static String f1(double v) {
      return String.format(Locale.ROOT, "%.1f", v);
   }

   static String f3(double v) {
      return String.format(Locale.ROOT, "%.3f", v);
   }
}
