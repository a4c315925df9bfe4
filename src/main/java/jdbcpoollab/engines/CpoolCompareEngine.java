package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.db.WorkTable;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.Batch;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.RunRecorder;
import jdbcpoollab.measure.RunResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.SourceOption;
import jdbcpoollab.report.CompareSummary;
import jdbcpoollab.workloads.WorkFeeder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Experiment;
import jdbcpoollab.runoptions.CpoolCompareOptions;

/**
 * CpoolCompare's engine: its batches (each option once per round, a warm-up round first, uncounted), what opening
 * and closing a batch means, and the run around them.
 */
public final class CpoolCompareEngine implements Experiment<CpoolCompareOptions, Batch> {
   /** Rows of the work table the users select and update. */
   private static final int WORK_ROWS = 1_000;
   /** What a batch's operations may take: with a step's margin, the two minutes a batch has always had. */
   private static final double BATCH_SECONDS = 90;

   private final CpoolCompareOptions options;
   private final CompareSummary summary;
   private final Lab lab;
   private final ServerStatus server;
   private final List<Batch> batches = new ArrayList<>();
   private final PoolProtocol pools = new PoolProtocol();

   private CpoolCompareEngine(Options system, CpoolCompareOptions options) {
      this.options = options;
      summary = new CompareSummary(options.options().stream().map(SourceOption::text).toList(),
            options.baseline().text());
      lab = new Lab(system, RunPlan.of("CpoolCompare", options.common(), options.peakConnections() + 50, summary,
            options.settings(WORK_ROWS)).steps((options.repeat() + 1) * options.options().size(), pools::endRun));
      server = new ServerStatus(lab::database);
      for (int run = 0; run <= options.repeat(); run++) {
         for (SourceOption o : options.options()) {
            batches.add(batch(o, run));
         }
      }
      batches.forEach(batch -> pools.loadedBy(batch, options.users(),
            new PoolProtocol.Stage(() -> open(batch), () -> close(batch))));
   }

   /** Reads the comparison's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static CpoolCompareEngine fromSystem() {
      Options system = Options.fromSystem();
      return new CpoolCompareEngine(system, Exit.options(() -> CpoolCompareOptions.from(system)));
   }

   @Override
   public CpoolCompareOptions options() {
      return options;
   }

   /** The batches in the order they run: A B C, A B C, … */
   @Override
   public List<Batch> steps() {
      return List.copyOf(batches);
   }

   private Batch batch(SourceOption o, int run) {
      String name = (run == 0 ? "warm-up " : "run " + run + " ") + o.text();
      String poolName = String.format(Locale.ROOT, "lab-%s-%d-%d-run%d", o.library().name(), o.cmin(), o.cmax(), run);
      Batch batch = new Batch(name, o.text(),
            () -> o.library().open(lab.database(options.rttMs()), o.shape(poolName, options.connectionTimeoutMs())),
            new RunRecorder(o.text(), run, options.users(), options.ops()), server, WORK_ROWS,
            new WorkFeeder(options.workload(), WORK_ROWS, run));
      batch.threads(options.threads());
      return batch;
   }

   /** The protocol that opens each batch's source before its users start and closes it once they have left. */
   @Override
   public PoolProtocol pools() {
      return pools;
   }

   /** Before the batch's users start: its source opened (a pool filled to cmin), while they wait for it. */
   private void open(Batch batch) {
      batch.enter();
      lab.stepStarted(batch.openFailure() != null
            ? batch.name() + ": source did not open, run skipped: " + batch.openFailure()
            : String.format(Locale.ROOT, "%s: source open in %.0f ms, %d users x %d operations start",
                  batch.name(), batch.openNanos() / 1e6, options.users(), options.ops()));
   }

   /** Once the batch's users have left (or the run ends first): its source closed and the batch reported. */
   private List<Outcome> close(Batch batch) {
      RunResult r = batch.close();
      if (r != null) {
         lab.stepFinished(summary.add(r));
      }
      return List.of();
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: every batch's operations and two acquire timeouts. */
   @Override
   public Duration maxDuration() {
      return Budget.of(batches.size(), BATCH_SECONDS + Budget.timeouts(2, options.connectionTimeoutMs()), 0);
   }

   /** Before the load: the database and the work table with its kept rows. */
   @Override
   public void start() {
      lab.start("work", (database, c) -> {
         WorkTable.reset(c, WORK_ROWS);
         return WORK_ROWS + " rows";
      });
   }

   @Override
   public void finish() {
      server.close();
      lab.finish();
   }
}
