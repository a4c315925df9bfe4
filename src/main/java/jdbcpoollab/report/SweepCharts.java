package jdbcpoollab.report;

import jdbcpoollab.analysis.Estimate;
import jdbcpoollab.analysis.PoolSize;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.TimelinePoint;
import jdbcpoollab.measure.UserSpread;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** The charts of a sweep's page, as SVG files next to it, and the chart sizes the other pages share. */
final class SweepCharts {
   static final int WIDTH = 560;
   static final int HEIGHT = 360;
   static final int SMALL_WIDTH = 460;
   static final int SMALL_HEIGHT = 320;
   /** Log axes cannot show 0: times below 1 µs are drawn at 1 µs. */
   static final double TIME_FLOOR_MS = 0.001;

   private SweepCharts() {
   }

   /** One workload's four charts against pool size: throughput, waits, where the time goes, fairness. */
   static List<String[]> charts(Path dir, Sizing sizing) {
      String w = sizing.workload();
      List<PoolSize> steps = withOperations(sizing);
      double[] pools = steps.stream().mapToDouble(PoolSize::pool).toArray();
      List<String[]> images = new ArrayList<>();

      PoolSize pick = sizing.choice().pick();
      LineChart throughput = new LineChart(w + ": throughput vs pool size"
            + (pick == null ? "" : " (recommended " + pick.pool() + ")"), "pool size (connections)", "operations/s")
            .log2X();
      measured(throughput, sizing, "measured", pools, steps, PoolSize::throughput);
      double top = steps.stream().mapToDouble(p -> p.throughput().high()).max().orElse(1);
      if (sizing.s1Step() != null) {
         double[] ceiling = steps.stream().mapToDouble(p -> sizing.ceiling(p.pool())).toArray();
         throughput.model("Little's law ceiling min(pool, users) / S1", pools, ceiling);
      }
      if (sizing.usl() != null) {
         double[] n = smooth(pools);
         throughput.model("USL fit", n, Arrays.stream(n).map(sizing.usl()::throughput).toArray());
      }
      if (pick != null) {
         throughput.marker(pick.pool());
      }
      throughput.yUpTo(top * 1.3).writeSvg(dir.resolve(w + "-throughput.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-throughput.svg", w + " throughput vs pool size"});

      LineChart latency = new LineChart(w + ": connection wait and total time", "pool size (connections)",
            "ms (log scale)").log2X().logY(TIME_FLOOR_MS)
            .measured("acquire avg", pools, means(steps, s -> s.times().acquire().avg()));
      measured(latency, sizing, "acquire P99", pools, steps, PoolSize::acquireP99);
      latency.measured("total avg", pools, means(steps, s -> s.times().total().avg()));
      measured(latency, sizing, "total P99", pools, steps, PoolSize::totalP99);
      latency.writeSvg(dir.resolve(w + "-latency.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-latency.svg", w + " acquire wait and total time vs pool size"});

      StackedBars breakdown = new StackedBars(w + ": where the time of an operation goes", "pool size (connections)",
            "ms per operation (average)");
      for (PoolSize p : steps) {
         String pool = Integer.toString(p.pool());
         breakdown.add(pool, "waiting for a connection", p.mean(s -> s.times().acquire().avg()))
               .add(pool, "in the database (query)", p.mean(s -> s.times().query().avg()))
               .add(pool, "client (release, between operations)", p.mean(SweepCharts::clientMs));
      }
      breakdown.writeSvg(dir.resolve(w + "-time.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-time.svg", w + " where the time goes: acquire wait, database, client"});

      new LineChart(w + ": fairness between users", "pool size (connections)", "1 = every user served alike")
            .log2X().yUpTo(1.05)
            .measured("Jain's index", pools, means(steps, s -> s.outcome().perUser().jain()))
            .measured("least-served user / median user", pools,
                  means(steps, s -> leastServed(s.outcome().perUser())))
            .writeSvg(dir.resolve(w + "-fairness.svg"), WIDTH, HEIGHT);
      images.add(new String[] {w + "-fairness.svg", w + " fairness vs pool size"});
      return images;
   }

   /**
    * A measured series of the means of a sizing's pools that had operations, with error bars when the sweep was
    * repeated.
    */
   static void measured(LineChart chart, Sizing sizing, String name, Function<PoolSize, Estimate> f) {
      List<PoolSize> steps = withOperations(sizing);
      measured(chart, sizing, name, steps.stream().mapToDouble(PoolSize::pool).toArray(), steps, f);
   }

   /** A measured series of pool means, with error bars when the sweep was repeated. */
   private static void measured(LineChart chart, Sizing sizing, String name, double[] pools, List<PoolSize> steps,
                                Function<PoolSize, Estimate> f) {
      double[] mean = steps.stream().mapToDouble(p -> f.apply(p).mean()).toArray();
      if (sizing.repeated()) {
         chart.measured(name, pools, mean, steps.stream().mapToDouble(p -> f.apply(p).low()).toArray(),
               steps.stream().mapToDouble(p -> f.apply(p).high()).toArray());
      } else {
         chart.measured(name, pools, mean);
      }
   }

   static double[] means(List<PoolSize> pools, ToDoubleFunction<StepResult> f) {
      return pools.stream().mapToDouble(p -> p.mean(f)).toArray();
   }

   /**
    * The client's share of an operation: giving the connection back (total - acquire - query) and the time until
    * the user's next operation starts.
    */
   static double clientMs(StepResult s) {
      double between = Double.isFinite(s.resources().betweenMs()) ? s.resources().betweenMs() : 0;
      return Math.max(0, s.times().total().avg() - s.times().acquire().avg() - s.times().query().avg()) + between;
   }

   /** Small multiples of the pool over time, one per pool size, of the first pass. */
   static List<String[]> timelineCharts(SweepRun run, Sizing sizing) {
      String w = sizing.workload();
      // a sizing of one source of several is named "workload source", as SweepPage names it
      List<TimelinePoint> points = TimelineFile.read(run.folder()).stream()
            .filter(p -> (p.step().source().isEmpty() ? p.step().workload()
                  : p.step().workload() + " " + p.step().source()).equals(w) && p.step().pass() == 1).toList();
      List<String[]> images = new ArrayList<>();
      for (PoolSize pool : sizing.pools()) {
         List<TimelinePoint> step = points.stream().filter(p -> p.step().pool() == pool.pool()).toList();
         if (step.isEmpty()) {
            continue;
         }
         double[] t = step.stream().mapToDouble(p -> p.ms() / 1000).toArray();
         LineChart chart = new LineChart(w + " pool " + pool.pool(), "s into the window", "count")
               .measured("ops / 100 ms", t, step.stream().mapToDouble(p -> p.completed()).toArray())
               .measured("active", t, step.stream().mapToDouble(p -> known(p.active())).toArray())
               .measured("idle", t, step.stream().mapToDouble(p -> known(p.idle())).toArray())
               .measured("waiting", t, step.stream().mapToDouble(p -> known(p.waiting())).toArray())
               .right("acquire P99 ms", "acquire P99 ms", t, step.stream().mapToDouble(TimelinePoint::acquireP99Ms)
                     .toArray());
         String file = w + "-timeline-" + pool.pool() + ".svg";
         chart.writeSvg(run.folder().resolve(file), SMALL_WIDTH, SMALL_HEIGHT);
         images.add(new String[] {file, w + " pool " + pool.pool() + " over time"});
      }
      return images;
   }

   /** The least-served user's operations against the median user's. */
   private static double leastServed(UserSpread perUser) {
      return perUser.median() > 0 ? perUser.min() / perUser.median() : 0;
   }

   private static double known(int count) {
      return count < 0 ? Double.NaN : count;
   }

   /** The pool sizes whose every step had operations: those a chart can draw. */
   private static List<PoolSize> withOperations(Sizing sizing) {
      return sizing.pools().stream().filter(p -> p.steps().stream().allMatch(s -> s.counts().ok() > 0)).toList();
   }

   /** The steps a chart shows: one without a single operation has no times, and a log axis no place for 0. */
   static List<StepResult> withOperations(List<StepResult> steps) {
      return steps.stream().filter(s -> s.counts().ok() > 0).toList();
   }

   /** Points between the pool sizes, four per doubling, so that a model draws as a curve. */
   static double[] smooth(double[] pools) {
      double min = Arrays.stream(pools).min().orElse(1);
      double max = Arrays.stream(pools).max().orElse(1);
      List<Double> n = new ArrayList<>();
      for (double x = min; x < max * 1.0001; x *= Math.pow(2, 0.25)) {
         n.add(x);
      }
      return n.stream().mapToDouble(Double::doubleValue).toArray();
   }

   static double[] values(List<StepResult> steps, ToDoubleFunction<StepResult> f) {
      return steps.stream().mapToDouble(f).toArray();
   }
}
