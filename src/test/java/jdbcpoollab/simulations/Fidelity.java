package jdbcpoollab.simulations;

import com.zaxxer.hikari.HikariConfig;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.analysis.FidelityRow;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.gatling.PluginPools;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.PoolReturns;
import jdbcpoollab.load.RawThreads;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.WindowCpu;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.HikariSource;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.FidelityTable;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.FidelityOptions;
import jdbcpoollab.run.Lab;
import jdbcpoollab.settings.SweepSettings;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static org.galaxio.gatling.javaapi.JdbcDsl.DB;
import static org.galaxio.gatling.javaapi.JdbcDsl.jdbc;

/**
 * Does the lab measure the pool, or itself? Per pool size, on the same database, the wait statement in a closed loop
 * three ways: the lab's Gatling action (as PoolSweep runs it), plain Java threads timed by the same recorder, and the
 * community JDBC plugin; plus S1, one thread on one connection, for Little's-law ceiling pool / S1. The three run one
 * after another at each pool size, in an order that rotates from one pool size to the next, after one unmeasured
 * round of all three at the largest pool that warms the JIT for each of them.
 *
 * <pre>mvn gatling:test -Dsim=Fidelity -Dpools=1,8,64 -Dusers=64 -Dseconds=5 -Dwarmup=2</pre>
 */
public class Fidelity extends Simulation {

   private final Options system = Options.fromSystem();
   private final FidelityOptions options = Exit.options(() -> FidelityOptions.from(system));
   private final SweepSummary summary = new SweepSummary(new Sizing.Context(options.users(),
         Runtime.getRuntime().availableProcessors(), SweepSettings.DEFAULT_ACQUIRE_P99_MS));
   private final Lab lab = new Lab("Fidelity", system, options.target(), options.maxConnections() + 50, summary,
         options.settings("org.galaxio:gatling-jdbc-plugin_2.13:0.14.1"));
   private final Workload wait = options.workload();
   private final String sql = wait.statement();
   private final List<FidelityRow> rows = new ArrayList<>();

   /** Everything run at one pool size; the warm-up round is a block whose results are not kept. */
   private final class Block {
      final int pool;
      final boolean measured;
      final String prefix;
      final StepRecorder labRecorder;
      final StepRecorder rawRecorder;
      final StepRecorder pluginWindow;
      final PoolReturns labReturns;
      final PoolReturns pluginReturns;
      final HikariConfig pluginConfig = new HikariConfig();
      final Step s1;
      final Step lab;
      final Step raw;
      volatile StepResult s1Result;
      volatile StepResult labResult;
      volatile StepResult rawResult;
      volatile Timing labGaps;
      volatile Timing rawGaps;
      volatile WindowCpu labCpu;
      volatile WindowCpu rawCpu;
      volatile WindowCpu pluginCpu;

      Block(int pool, boolean measured) {
         this.pool = pool;
         this.measured = measured;
         prefix = measured ? "" : "warm-up ";
         labRecorder = recorder("lab", pool, options.users(), options.seconds());
         rawRecorder = recorder("raw", pool, options.users(), options.seconds());
         pluginWindow = recorder("plugin", pool, options.users(), options.seconds());
         labReturns = PoolReturns.within(labRecorder);
         pluginReturns = PoolReturns.clocking(pluginWindow);
         StepRecorder s1Recorder = recorder("s1", 1, 1, options.s1Seconds());
         s1 = new Step(wait, name("s1"), 1, hikari(poolName("s1", 1), 1, PoolReturns.within(s1Recorder)),
               s1Recorder);
         lab = new Step(wait, name("lab"), pool, hikari(poolName("lab", pool), pool, labReturns), labRecorder);
         raw = new Step(wait, name("raw"), pool,
               hikari(poolName("raw", pool), pool, PoolReturns.within(rawRecorder)), rawRecorder);
      }

      String poolName(String contender, int size) {
         return contender + (measured ? "-wait-" : "-warmup-") + size;
      }

      String name(String contender) {
         return String.format("%s%s pool=%0" + String.valueOf(options.largestPool()).length() + "d", prefix,
               contender, pool);
      }

      void started(Step step) {
         if (measured) {
            Fidelity.this.lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts",
                  step.requestName(), step.openNanos() / 1e6), step.openNanos());
         }
      }

      void progress(String line) {
         if (measured) {
            Fidelity.this.lab.progress(line);
         }
      }

      /** Closes the step and returns the gates' verdicts of a measured one, for Gatling to log. */
      List<Outcome> finished(Step step, Consumer<StepResult> keep) {
         StepResult result = step.close();
         keep.accept(result);
         return measured && result != null
               ? Fidelity.this.lab.stepFinished(summary.add(step.requestName(), result), result) : List.of();
      }
   }

   private StepRecorder recorder(String contender, int pool, int users, double seconds) {
      return new StepRecorder("wait/" + contender, pool, users, nanos(options.warmup()), nanos(seconds));
   }

   // The "protocol": each contender gets the lab's HikariCP configuration, filled before load, with the pool's own
   // count of returned connections. The plugin builds its pools from its protocols when the run starts.
   private HikariConfig config(String name, int size, PoolReturns returns) {
      HikariConfig config = HikariSource.config(lab.database(),
            new PoolShape(name, size, size, options.connectionTimeoutMs()));
      config.setMetricsTrackerFactory(returns);
      return config;
   }

   private ConnectionSource.Opener hikari(String name, int size, PoolReturns returns) {
      return () -> HikariSource.open(lab.database(), config(name, size, returns));
   }

   // Chains: the lab's exactly as PoolSweep's (the first user in opens the pool, all loop until the window closes,
   // the last one out closes the pool); the plugin's the same loop around the plugin's query.
   private ChainBuilder enter(Block b) {
      return exec(Jdbc.task("enter " + b.lab.requestName(), () -> {
         if (b.lab.enter()) {
            b.started(b.lab);
            b.labCpu = WindowCpu.watch(b.labRecorder);
         }
      }));
   }

   private ChainBuilder closedLoop(Step step) {
      return asLongAs(session -> step.running()).on(exec(Jdbc.operation(step)));
   }

   private ChainBuilder leave(Block b) {
      return exec(Jdbc.report("leave " + b.lab.requestName(), () -> b.lab.leave(options.users())
            ? b.finished(b.lab, result -> {
               b.labResult = result;
               b.labGaps = Timing.of(b.labRecorder.gaps());
            })
            : List.of()));
   }

   private ChainBuilder pluginLoop(Block b) {
      return asLongAs(session -> b.pluginWindow.running(System.nanoTime()))
            .on(exec(jdbc(b.name("plugin")).query(sql)))
            .exec(PluginPools.closeAfterLast("close " + b.name("plugin"), options.users()));
   }

   // Scenarios: one population after another, the blocking tasks between two loads merged into one population.
   private void labContender(Block b, Sequence sequence) {
      sequence.load(scenario(b.lab.requestName()).exec(enter(b), closedLoop(b.lab), leave(b))
            .injectOpen(atOnceUsers(options.users())));
   }

   private void rawContender(Block b, Sequence sequence) {
      sequence.task(b.raw.requestName(), () -> {
         b.rawCpu = WindowCpu.watch(b.rawRecorder);
         rawRun(b, b.raw, options.users(), result -> {
            b.rawResult = result;
            b.rawGaps = Timing.of(b.rawRecorder.gaps());
         });
      });
   }

   private void pluginContender(Block b, Sequence sequence) {
      String name = b.name("plugin");
      sequence.task(name + " start", () -> {
         b.pluginCpu = WindowCpu.watch(b.pluginWindow);
         b.progress(name + ": load starts on the pool the plugin opened");
      });
      sequence.load(scenario(name).exec(pluginLoop(b)).injectOpen(atOnceUsers(options.users()))
            .protocols(DB().hikariConfig(b.pluginConfig)));
      sequence.task(name + " end", () -> {
         double seconds = windowSeconds(b.pluginWindow);
         b.progress(String.format(Locale.ROOT, "%s: done, %.1f ops/s (%d connections returned to its pool in "
               + "%.3f s)", name, b.pluginReturns.count() / seconds, b.pluginReturns.count(), seconds));
      });
   }

   private void ratios(Block b) {
      FidelityRow.Cpu cpu = new FidelityRow.Cpu(b.labCpu.microsPerOperation(b.labResult.ok()),
            b.rawCpu.microsPerOperation(b.rawResult.ok()), b.pluginCpu.microsPerOperation(b.pluginReturns.count()));
      rows.add(new FidelityRow(b.pool, options.users(), b.s1Result, b.labResult, b.labGaps, b.labReturns.count(),
            b.rawResult, b.rawGaps, b.pluginReturns.count(), windowSeconds(b.pluginWindow), cpu));
      lab.section("fidelity", "Fidelity: the lab against plain threads, the plugin and Little's law",
            FidelityTable.of(rows), rows.stream().map(FidelityRow::toMap).toList(), FidelityTable.NOTE);
   }

   private final Block warmupRound = new Block(options.largestPool(), false);
   private final List<Block> blocks = options.pools().stream().map(pool -> new Block(pool, true)).toList();

   {
      List<BiConsumer<Block, Sequence>> contenders =
            List.of(this::labContender, this::rawContender, this::pluginContender);
      Sequence sequence = new Sequence();
      sequence.task("plugin pools filled", this::awaitPluginPools);
      sequence.task("warm-up", () -> lab.progress("warm-up: lab, raw threads and plugin at pool="
            + warmupRound.pool + ", not measured"));
      contenders.forEach(contender -> contender.accept(warmupRound, sequence));
      for (int i = 0; i < blocks.size(); i++) {
         Block b = blocks.get(i);
         sequence.task(b.s1.requestName(), () -> rawRun(b, b.s1, 1, result -> b.s1Result = result));
         for (int c = 0; c < contenders.size(); c++) {
            contenders.get((c + i) % contenders.size()).accept(b, sequence);
         }
         sequence.task("ratios " + b.pool, () -> ratios(b));
      }
      List<Step> measuredSteps = blocks.stream().flatMap(b -> Stream.of(b.s1, b.lab, b.raw)).toList();
      lab.plan(measuredSteps.size(), () -> measuredSteps.forEach(step -> {
         step.stop();
         StepResult r = step.close();
         if (r != null) {
            lab.stepFinished(summary.add(step.requestName(), r), r);
         }
      }));
      lab.warmupPerStep(options.warmup());
      lab.notASweep();
      double perBlock = options.s1Seconds() + 4 * options.warmup() + 3 * options.seconds()
            + 6 * options.connectionTimeoutMs() / 1000.0 + 60;
      setUp(sequence.chain()).maxDuration(Duration.ofSeconds((long) ((blocks.size() + 1) * perBlock) + 120));
   }

   @Override
   public void before() {
      lab.start("big", (database, c) -> "not needed");
      // the plugin opens its pools when Gatling builds the scenarios, right after this hook: now the URL is known
      allBlocks().forEach(b -> config(b.poolName("plugin", b.pool), b.pool, b.pluginReturns)
            .copyStateTo(b.pluginConfig));
   }

   @Override
   public void after() {
      lab.finish();
      List.of(warmupRound.lab, warmupRound.raw).forEach(step -> {
         step.stop();
         step.close();
      });
   }

   /** The plugin fills its pools in the background; no measurement starts before they are full. */
   private void awaitPluginPools() {
      for (Block b : allBlocks()) {
         try {
            b.pluginReturns.awaitFilled(b.pool, Math.max(10_000, options.connectionTimeoutMs()));
         } catch (Exception e) {
            lab.progress("plugin pool " + b.pool + " not filled: " + e.getMessage());
         }
      }
   }

   private List<Block> allBlocks() {
      List<Block> all = new ArrayList<>(blocks);
      all.add(warmupRound);
      return all;
   }

   private void rawRun(Block b, Step step, int users, Consumer<StepResult> keep) {
      step.enter();
      b.started(step);
      try {
         RawThreads.run(step, users);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
      b.finished(step, keep);
   }

   /**
    * Populations to run one after another. Gatling starts each next population on its injector's next one-second
    * tick, so the blocking tasks between two loads run as one population of one user.
    */
   private static final class Sequence {
      private final List<PopulationBuilder> populations = new ArrayList<>();
      private final List<String> names = new ArrayList<>();
      private final List<Runnable> tasks = new ArrayList<>();

      void task(String name, Runnable task) {
         names.add(name);
         tasks.add(task);
      }

      void load(PopulationBuilder population) {
         flush();
         populations.add(population);
      }

      PopulationBuilder chain() {
         flush();
         PopulationBuilder tail = populations.get(populations.size() - 1);
         for (int i = populations.size() - 2; i >= 0; i--) {
            tail = populations.get(i).andThen(tail);
         }
         return tail;
      }

      private void flush() {
         if (tasks.isEmpty()) {
            return;
         }
         List<Runnable> batch = List.copyOf(tasks);
         String name = String.join(", ", names);
         populations.add(scenario(name).exec(Jdbc.task(name, () -> batch.forEach(Runnable::run)))
               .injectOpen(atOnceUsers(1)));
         tasks.clear();
         names.clear();
      }
   }

   private static double windowSeconds(StepRecorder window) {
      return window.result(System.nanoTime()).seconds();
   }

   private static long nanos(double seconds) {
      return (long) (seconds * 1e9);
   }
}
