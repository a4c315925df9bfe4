package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.db.Database;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.PoolReturns;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.pools.SharedHikari;
import jdbcpoollab.report.FidelitySummary;
import jdbcpoollab.settings.PoolSweepSettings;
import jdbcpoollab.workloads.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.Experiment;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Schema;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.FidelityOptions;

/**
 * Fidelity's engine. Per workload and pool size (a {@link FidelityBlock}, one per round) the same statement in a
 * closed loop three ways, the contenders: the lab's Gatling action, the reference (plain Java threads of their own,
 * {@link FidelityReference}), and the community JDBC plugin (first round only); plus S1, one thread of the reference
 * on one connection, for Little's-law ceiling (first round only), and with {@code -Dtwin=true} the reference again.
 * Rounds are interleaved: every workload at every pool size, then again. Within a block the contenders run one after
 * another in an order that rotates from one block to the next, after one unmeasured block per workload at the largest
 * pool that warms the JIT for each of them. Every contender's pool is HikariCP of the one configuration they share
 * ({@link SharedHikari}).
 */
public final class FidelityEngine implements Experiment<FidelityOptions, FidelityTurn> {
   /** The plugin, as the settings name it. */
   public static final String PLUGIN = "org.galaxio:gatling-jdbc-plugin_2.13:0.14.1";

   private final FidelityOptions options;
   private final Lab lab;
   private final FidelityResults results;
   private final PoolProtocol pools = new PoolProtocol();
   private final List<FidelityBlock> warmupRound;
   private final List<FidelityBlock> blocks;

   private FidelityEngine(Options system, FidelityOptions options) {
      this.options = options;
      FidelitySummary summary = new FidelitySummary(new Sizing.Context(options.users(),
            Runtime.getRuntime().availableProcessors(), PoolSweepSettings.DEFAULT_ACQUIRE_P99_MS));
      List<FidelityPlace> places = FidelityPlace.plan(options);
      lab = new Lab(system, RunPlan.of("Fidelity", options.common(), options.maxConnections() + 50, summary,
                  options.settings(PLUGIN))
            .steps(places.stream().mapToInt(p -> (p.firstRound() ? 3 : 2) + (options.twin() ? 1 : 0)).sum(),
                  pools::endRun)
            .warmupPerStep(options.warmup()));
      results = new FidelityResults(lab, summary, options.users());
      warmupRound = FidelityPlace.warmup(options).stream().map(this::block).toList();
      blocks = places.stream().map(this::block).toList();
      allBlocks().forEach(b -> pools.loadedBy(b.lab().step(), options.users(), stage(b)));
   }

   /** Reads the benchmark's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static FidelityEngine fromSystem() {
      Options system = Options.fromSystem();
      return new FidelityEngine(system, Exit.options(() -> FidelityOptions.from(system)));
   }

   @Override
   public FidelityOptions options() {
      return options;
   }

   /** The protocol that opens each contender's pool before its users load it and closes it once they have left. */
   @Override
   public PoolProtocol pools() {
      return pools;
   }

   /** None: Fidelity states no gate to Gatling (its table says which targets the lab missed). */
   @Override
   public List<Assertion> assertions() {
      return List.of();
   }

   private FidelityBlock block(FidelityPlace at) {
      StepRecorder pluginWindow = recorder(at, "plugin");
      return new FidelityBlock(at, new FidelityReference(id(at, "s1", 1), 1, options.s1Seconds()), contender(at),
            reference(at, "raw"), options.twin() ? reference(at, "twin") : null, new FidelityTurn.Plugin(name(at,
                  "plugin"), at.workload().statement(), new SharedHikari(), pluginWindow),
            PoolReturns.clocking(pluginWindow));
   }

   private FidelityReference reference(FidelityPlace at, String contender) {
      return new FidelityReference(id(at, contender, at.pool()), options.users(), options.seconds());
   }

   /** The lab's contender of a block: its users on a step of their own. */
   private FidelityBlock.Contender contender(FidelityPlace at) {
      StepRecorder recorder = recorder(at, "lab");
      PoolReturns returns = PoolReturns.within(recorder);
      StepId id = id(at, "lab", at.pool());
      Step step = new Step(at.workload(), id.name(), () -> SharedHikari.open(database(at.workload()),
            shape(at.workload(), id), returns), recorder);
      return new FidelityBlock.Contender(step, recorder, returns);
   }

   /** The recorder of a contender's window: the block's users at its pool size. */
   private StepRecorder recorder(FidelityPlace at, String contender) {
      return new StepRecorder(id(at, contender, at.pool()), options.users(), Seconds.nanos(options.warmup()),
            Seconds.nanos(options.seconds()));
   }

   private StepId id(FidelityPlace at, String contender, int size) {
      return at.id(contender, size, StepId.digits(options.largestPool()));
   }

   /** The request name of a contender in a block at the block's pool size, such as {@code wait/lab/r2 pool=08}. */
   private String name(FidelityPlace at, String contender) {
      return id(at, contender, at.pool()).name();
   }

   // Each contender gets the one configuration they share, filled before load, a pool of the step's size. The plugin
   // builds its pools from its protocols when the run starts.
   private PoolShape shape(Workload workload, StepId id) {
      return new PoolShape(id.poolName(), id.pool(), id.pool(), options.connectionTimeoutMs(), workload.readOnly());
   }

   private Database database(Workload workload) {
      return workload.readOnly() ? lab.database().readOnly() : lab.database();
   }

   /** What opening and closing the lab's step of a block means: a measured one says so and is reported. */
   private PoolProtocol.Stage stage(FidelityBlock b) {
      Step step = b.lab().step();
      return new PoolProtocol.Stage(() -> {
         // sampled every 100 ms as PoolSweep's steps are, so that the lab pays for its sampler here too
         step.sample(lab::serverActivity, Seconds.nanos(options.warmup() + options.seconds()
               + options.connectionTimeoutMs() / 1000.0 + 60));
         step.enter();
         if (b.at().measured()) {
            lab.stepStarted(String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts",
                  step.requestName(), step.openNanos() / 1e6), step.openNanos());
         }
      }, () -> {
         StepResult result = step.close();
         return result == null ? List.of() : results.labClosed(b, result);
      }, step::stop, () -> { });
   }

   /**
    * The whole benchmark in order: the plugin's pools filled, the warm-up blocks, then each round's blocks (per
    * workload and pool size): S1 and the plugin in the first round, the lab and the plain threads in every round,
    * their order rotating, then the block's ratios.
    */
   @Override
   public List<FidelityTurn> steps() {
      List<FidelityTurn> turns = new ArrayList<>(List.of(new FidelityTurn.Task("plugin pools filled",
            this::awaitPluginPools)));
      for (FidelityBlock w : warmupRound) {
         turns.add(new FidelityTurn.Task("warm-up " + w.at().workload().name(), () -> lab.progress("warm-up: "
               + w.at().workload().name() + " on the lab, raw threads and plugin at pool=" + w.at().pool()
               + ", not measured")));
         turns.addAll(contenders(w, 0));
      }
      int perRound = options.workloads().size() * options.pools().size();
      for (int i = 0; i < blocks.size(); i++) {
         FidelityBlock b = blocks.get(i);
         if (b.at().firstRound()) {
            turns.add(reference(b, b.s1()));
         }
         turns.addAll(contenders(b, rotation(b.at().round(), i % perRound)));
         turns.add(new FidelityTurn.Task("ratios " + b.at().workload().name() + " " + b.at().pool() + " round "
               + b.at().round(), () -> results.ratios(b)));
      }
      return turns;
   }

   /**
    * How far a block's contenders rotate: each block changes order from round to round and neighbours differ (by the
    * block's index alone, a round of an even number of blocks gave each the same order in every round).
    */
   static int rotation(int round, int placeInRound) {
      return round + placeInRound;
   }

   /** The block's contenders, the lab, the plain threads, their twin and the plugin (when they run), from the i-th. */
   private List<FidelityTurn> contenders(FidelityBlock b, int i) {
      List<List<FidelityTurn>> contenders = new ArrayList<>(List.of(List.of(new FidelityTurn.Lab(b.lab().step())),
            List.of(reference(b, b.raw()))));
      if (b.twin() != null) {
         contenders.add(List.of(reference(b, b.twin())));
      }
      if (b.pluginRuns()) {
         String name = b.plugin().name();
         contenders.add(List.of(new FidelityTurn.Task(name + " start", () -> {
            results.pluginStarts(b);
            progress(b, name + ": load starts on the pool the plugin opened");
         }), b.plugin(), new FidelityTurn.Task(name + " end", () -> {
            double seconds = b.pluginSeconds();
            progress(b, String.format(Locale.ROOT, "%s: done, %.1f ops/s (%d connections returned to its pool in"
                  + " %.3f s)", name, b.pluginReturns().count() / seconds, b.pluginReturns().count(), seconds));
         })));
      }
      Collections.rotate(contenders, -(i % contenders.size()));
      return contenders.stream().flatMap(List::stream).toList();
   }

   /** A step of the reference: its plain threads on a pool of their own, opened before and closed after. */
   private FidelityTurn reference(FidelityBlock b, FidelityReference reference) {
      Workload workload = b.at().workload();
      return new FidelityTurn.Task(reference.name(), () -> {
         StepResult result = reference.run(lab, () -> SharedHikari.open(database(workload),
               shape(workload, reference.id()), null), workload, options.warmup(), b.at().measured());
         if (result != null && b.at().measured()) {
            results.finished(result, reference.kinds());
         }
      });
   }

   private void progress(FidelityBlock b, String line) {
      if (b.at().measured()) {
         lab.progress(line);
      }
   }

   /** The run's budget: per block S1, four warm-ups, three windows, six acquire timeouts and the twin, plus margins. */
   @Override
   public Duration maxDuration() {
      return budget(options);
   }

   /**
    * {@link #maxDuration} of a run of {@code options}. A block is one unit of {@link Budget}: it opens and closes a
    * pool per contender, so it takes a margin of 30 s beyond Budget's per step, and the run 60 s beyond Budget's.
    */
   static Duration budget(FidelityOptions options) {
      int twin = options.twin() ? 1 : 0;
      double perBlock = options.s1Seconds() + (4 + twin) * options.warmup() + (3 + twin) * options.seconds()
            + Budget.timeouts(6 + 2 * twin, options.connectionTimeoutMs()) + 30;
      return Budget.of(FidelityPlace.warmup(options).size() + FidelityPlace.plan(options).size(), perBlock, 60);
   }

   /**
    * Before the load: the database, the table the workloads read, each statement tried once, then the plugin's pool
    * configurations (its pools open right after this).
    */
   @Override
   public void start() {
      int tableRows = options.tableRows();
      lab.start(Schema.BIG, Schema.bigTable(tableRows));
      options.workloads().forEach(lab::tryOnce);
      allBlocks().filter(FidelityBlock::pluginRuns).forEach(b -> b.plugin().pool().fill(database(b.at().workload()),
            shape(b.at().workload(), id(b.at(), "plugin", b.at().pool())), b.pluginReturns()));
   }

   @Override
   public void finish() {
      lab.finish();
   }

   /** The plugin fills its pools in the background; no measurement starts before they are full. */
   private void awaitPluginPools() {
      for (FidelityBlock b : allBlocks().filter(FidelityBlock::pluginRuns).toList()) {
         try {
            b.pluginReturns().awaitFilled(b.at().pool(), Math.max(10_000, options.connectionTimeoutMs()));
         } catch (Exception e) {
            lab.progress("plugin pool " + b.at().pool() + " not filled: " + e.getMessage());
         }
      }
   }

   private Stream<FidelityBlock> allBlocks() {
      return Stream.concat(warmupRound.stream(), blocks.stream());
   }
}
