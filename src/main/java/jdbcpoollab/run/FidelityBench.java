package jdbcpoollab.run;

import com.zaxxer.hikari.HikariConfig;
import jdbcpoollab.analysis.FidelityMedian;
import jdbcpoollab.analysis.FidelityRow;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.gatling.Sequence;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.PoolReturns;
import jdbcpoollab.load.RawThreads;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepId;
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
import jdbcpoollab.settings.SweepSettings;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Fidelity's engine. Per workload and pool size (a {@link Block}, one per round) the same statement in a closed loop
 * three ways, the contenders: the lab's Gatling action, plain Java threads timed by the same recorder, and the
 * community JDBC plugin (first round only); plus S1, one thread on one connection, for Little's-law ceiling (first
 * round only). Rounds are interleaved: every workload at every pool size, then again. Within a block the contenders
 * run one after another in an order that rotates from one block to the next, after one unmeasured block per workload
 * at the largest pool that warms the JIT for each of them.
 */
public final class FidelityBench {
   /** The plugin, as the settings name it. */
   public static final String PLUGIN = "org.galaxio:gatling-jdbc-plugin_2.13:0.14.1";

   private final FidelityOptions options;
   private final SweepSummary summary;
   private final Lab lab;
   private final List<FidelityRow> rows = new ArrayList<>();
   private final List<Block> warmupRound;
   private final List<Block> blocks;

   /** Everything run for one workload at one pool size in one round; warm-up blocks' results are not kept. */
   public final class Block {
      private final Workload workload;
      private final int pool;
      private final int round;
      private final boolean measured;
      private final StepRecorder labRecorder;
      private final StepRecorder rawRecorder;
      private final StepRecorder pluginWindow;
      private final PoolReturns labReturns;
      private final PoolReturns pluginReturns;
      private final HikariConfig pluginConfig = new HikariConfig();
      private final Step s1;
      private final Step lab;
      private final Step raw;
      private volatile StepResult s1Result;
      private volatile StepResult labResult;
      private volatile StepResult rawResult;
      private volatile Timing labGaps;
      private volatile Timing rawGaps;
      private volatile WindowCpu pluginCpu;

      /** @param round 0 for a warm-up block */
      private Block(Workload workload, int pool, int round) {
         this.workload = workload;
         this.pool = pool;
         this.round = round;
         this.measured = round > 0;
         labRecorder = recorder("lab", pool, options.users(), options.seconds());
         rawRecorder = recorder("raw", pool, options.users(), options.seconds());
         pluginWindow = recorder("plugin", pool, options.users(), options.seconds());
         labReturns = PoolReturns.within(labRecorder);
         pluginReturns = PoolReturns.clocking(pluginWindow);
         StepRecorder s1Recorder = recorder("s1", 1, 1, options.s1Seconds());
         s1 = new Step(workload, name("s1"), hikari(poolName("s1", 1), 1, PoolReturns.within(s1Recorder)),
               s1Recorder);
         lab = new Step(workload, name("lab"), hikari(poolName("lab", pool), pool, labReturns), labRecorder);
         raw = new Step(workload, name("raw"), hikari(poolName("raw", pool), pool, PoolReturns.within(rawRecorder)),
               rawRecorder);
      }

      /** The lab's step, which the simulation's Gatling users run. */
      public Step lab() {
         return lab;
      }

      /** The workload's statement, which the plugin's users run. */
      public String sql() {
         return workload.statement();
      }

      /** The plugin's pool configuration, for its protocol; complete once the run has started. */
      public HikariConfig pluginConfig() {
         return pluginConfig;
      }

      /** True while the plugin's users should keep running their query. */
      public boolean pluginRunning() {
         return pluginWindow.running(System.nanoTime());
      }

      /** The plugin and S1 run in the first round (and in the warm-up) only. */
      private boolean firstRound() {
         return round <= 1;
      }

      /**
       * Whether the plugin's users run this block: in the first round, for a statement without bind parameters. The
       * plugin's plain query sends the statement as it is, so a statement with {@code ?} would fail on every call
       * and its pool would still count the connections given back: its column stays empty (n/a) instead.
       */
      private boolean pluginRuns() {
         return firstRound() && !sql().contains("?");
      }

      /** Which step a contender runs in this block, such as {@code wait/lab/r2 pool=08}. */
      private StepId id(String contender, int size) {
         return new StepId(workload.name() + "/" + contender + (measured ? "/r" + round : "/warm-up"), "", size, 1, 1,
               StepId.digits(options.largestPool()));
      }

      /** The request name of a contender in this block at its pool size, such as {@code wait/lab/r2 pool=08}. */
      public String name(String contender) {
         return id(contender, pool).name();
      }

      private String poolName(String contender, int size) {
         return id(contender, size).poolName();
      }

      private StepRecorder recorder(String contender, int size, int users, double seconds) {
         return new StepRecorder(id(contender, size), users, Seconds.nanos(options.warmup()), Seconds.nanos(seconds));
      }

      private void started(Step step) {
         if (measured) {
            FidelityBench.this.lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts",
                  step.requestName(), step.openNanos() / 1e6), step.openNanos());
         }
      }

      private void progress(String line) {
         if (measured) {
            FidelityBench.this.lab.progress(line);
         }
      }

      /** Closes the step and returns the gates' verdicts of a measured one, for Gatling to log. */
      private List<Outcome> finished(Step step, Consumer<StepResult> keep) {
         StepResult result = step.close();
         keep.accept(result);
         return measured && result != null
               ? FidelityBench.this.lab.stepFinished(summary.add(step.requestName(), result), result) : List.of();
      }
   }

   private FidelityBench(Options system, FidelityOptions options) {
      this.options = options;
      summary = new SweepSummary(new Sizing.Context(options.users(), Runtime.getRuntime().availableProcessors(),
            SweepSettings.DEFAULT_ACQUIRE_P99_MS));
      lab = new Lab("Fidelity", system, options.target(), options.maxConnections() + 50, summary,
            options.settings(PLUGIN));
      warmupRound = options.workloads().stream().map(w -> new Block(w, options.largestPool(), 0)).toList();
      List<Block> all = new ArrayList<>();
      for (int round = 1; round <= options.rounds(); round++) {
         for (Workload workload : options.workloads()) {
            for (int pool : options.pools()) {
               all.add(new Block(workload, pool, round));
            }
         }
      }
      blocks = List.copyOf(all);
      List<Step> measuredSteps = blocks.stream()
            .flatMap(b -> b.firstRound() ? Stream.of(b.s1, b.lab, b.raw) : Stream.of(b.lab, b.raw)).toList();
      lab.plan(measuredSteps.size(), () -> measuredSteps.forEach(step -> {
         step.stop();
         StepResult r = step.close();
         if (r != null) {
            lab.stepFinished(summary.add(step.requestName(), r), r);
         }
      }));
      lab.warmupPerStep(options.warmup());
      lab.notASweep();
   }

   /** Reads the benchmark's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static FidelityBench fromSystem() {
      Options system = Options.fromSystem();
      return new FidelityBench(system, Exit.options(() -> FidelityOptions.from(system)));
   }

   public FidelityOptions options() {
      return options;
   }

   // Each contender gets the lab's HikariCP configuration, filled before load, with the pool's own count of returned
   // connections. The plugin builds its pools from its protocols when the run starts.
   private HikariConfig config(String name, int size, PoolReturns returns) {
      HikariConfig config = HikariSource.config(lab.database(),
            new PoolShape(name, size, size, options.connectionTimeoutMs()));
      config.setMetricsTrackerFactory(returns);
      return config;
   }

   private ConnectionSource.Opener hikari(String name, int size, PoolReturns returns) {
      return () -> HikariSource.open(lab.database(), config(name, size, returns));
   }

   /**
    * The whole benchmark in order: the plugin's pools filled, the warm-up blocks, then each round's blocks (per
    * workload and pool size): S1 and the plugin in the first round, the lab and the plain threads in every round,
    * their order rotating, then the block's ratios.
    *
    * @param lab    how the lab's users run a block, added to the sequence
    * @param raw    how the plain threads run a block
    * @param plugin how the plugin's users run a block
    */
   public Sequence sequence(BiConsumer<Block, Sequence> lab, BiConsumer<Block, Sequence> raw,
                            BiConsumer<Block, Sequence> plugin) {
      Sequence sequence = new Sequence();
      sequence.task("plugin pools filled", this::awaitPluginPools);
      for (Block w : warmupRound) {
         sequence.task("warm-up " + w.workload.name(), () -> this.lab.progress("warm-up: " + w.workload.name()
               + " on the lab, raw threads and plugin at pool=" + w.pool + ", not measured"));
         (w.pluginRuns() ? List.of(lab, raw, plugin) : List.of(lab, raw))
               .forEach(contender -> contender.accept(w, sequence));
      }
      for (int i = 0; i < blocks.size(); i++) {
         Block b = blocks.get(i);
         List<BiConsumer<Block, Sequence>> contenders = b.pluginRuns() ? List.of(lab, raw, plugin) : List.of(lab, raw);
         if (b.firstRound()) {
            sequence.task(b.s1.requestName(), () -> rawRun(b, b.s1, 1, result -> b.s1Result = result));
         }
         for (int c = 0; c < contenders.size(); c++) {
            contenders.get((c + i) % contenders.size()).accept(b, sequence);
         }
         sequence.task("ratios " + b.workload.name() + " " + b.pool + " round " + b.round, () -> ratios(b));
      }
      return sequence;
   }

   /** Every user of the lab's contender calls this as it arrives: the first one opens the block's pool. */
   public void enterLab(Block b) {
      if (b.lab.enter()) {
         b.started(b.lab);
      }
   }

   /** Every user of the lab's contender calls this as it leaves: the last one closes the step and reports it. */
   public List<Outcome> leaveLab(Block b) {
      return b.lab.leave(options.users())
            ? b.finished(b.lab, result -> {
               b.labResult = result;
               b.labGaps = Timing.of(b.labRecorder.gaps());
            })
            : List.of();
   }

   /** The plain threads' contender: the same step run by {@code users} platform threads. */
   public void runRaw(Block b) {
      rawRun(b, b.raw, options.users(), result -> {
         b.rawResult = result;
         b.rawGaps = Timing.of(b.rawRecorder.gaps());
      });
   }

   /** Just before the plugin's users start on the pool it opened. */
   public void pluginStarts(Block b) {
      b.pluginCpu = WindowCpu.watch(b.pluginWindow);
      b.progress(b.name("plugin") + ": load starts on the pool the plugin opened");
   }

   /** Just after the plugin's users have left. */
   public void pluginEnded(Block b) {
      double seconds = windowSeconds(b.pluginWindow);
      b.progress(String.format(Locale.ROOT, "%s: done, %.1f ops/s (%d connections returned to its pool in %.3f s)",
            b.name("plugin"), b.pluginReturns.count() / seconds, b.pluginReturns.count(), seconds));
   }

   private void ratios(Block b) {
      if (b.labResult == null || b.rawResult == null) {
         return;
      }
      boolean plugin = b.pluginCpu != null;
      FidelityRow.Cpu cpu = new FidelityRow.Cpu(b.labResult.clientCpu().microsPerOp(),
            b.rawResult.clientCpu().microsPerOp(),
            plugin ? b.pluginCpu.microsPerOperation(b.pluginReturns.count()) : Double.NaN);
      rows.add(new FidelityRow(b.workload.name(), b.round, b.pool, options.users(), b.s1Result, b.labResult,
            b.labGaps, b.labReturns.count(), b.rawResult, b.rawGaps, plugin ? b.pluginReturns.count() : 0,
            plugin ? windowSeconds(b.pluginWindow) : 0, cpu));
      List<FidelityMedian> medians = FidelityMedian.of(rows);
      lab.section("fidelity", "Fidelity: the lab against plain threads, the plugin and Little's law",
            FidelityTable.of(medians), medians.stream().map(FidelityMedian::toMap).toList(), FidelityTable.NOTE);
   }

   /** The run's budget: per block S1, four warm-ups, three windows and six acquire timeouts, plus margins. */
   public Duration maxDuration() {
      double perBlock = options.s1Seconds() + 4 * options.warmup() + 3 * options.seconds()
            + 6 * options.connectionTimeoutMs() / 1000.0 + 60;
      return Duration.ofSeconds((long) ((blocks.size() + warmupRound.size()) * perBlock) + 120);
   }

   /**
    * Before the load: the database, the table the workloads read, each statement tried once, then the plugin's pool
    * configurations (its pools open right after this).
    */
   public void start() {
      int tableRows = options.tableRows();
      lab.start("big", (database, c) -> tableRows == 0 ? "not needed"
            : tableRows + " rows " + database.dialect().ensureBigTable(c, tableRows).name().toLowerCase(Locale.ROOT));
      options.workloads().forEach(lab::tryOnce);
      allBlocks().stream().filter(Block::pluginRuns)
            .forEach(b -> config(b.poolName("plugin", b.pool), b.pool, b.pluginReturns).copyStateTo(b.pluginConfig));
   }

   public void finish() {
      lab.finish();
      warmupRound.forEach(b -> List.of(b.lab, b.raw).forEach(step -> {
         step.stop();
         step.close();
      }));
   }

   /** The plugin fills its pools in the background; no measurement starts before they are full. */
   private void awaitPluginPools() {
      for (Block b : allBlocks().stream().filter(Block::pluginRuns).toList()) {
         try {
            b.pluginReturns.awaitFilled(b.pool, Math.max(10_000, options.connectionTimeoutMs()));
         } catch (Exception e) {
            lab.progress("plugin pool " + b.pool + " not filled: " + e.getMessage());
         }
      }
   }

   private List<Block> allBlocks() {
      List<Block> all = new ArrayList<>(warmupRound);
      all.addAll(blocks);
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

   private static double windowSeconds(StepRecorder window) {
      return window.result(System.nanoTime()).seconds();
   }
}
