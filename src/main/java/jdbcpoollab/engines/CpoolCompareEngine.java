package jdbcpoollab.engines;

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
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.LabRun;
import jdbcpoollab.runoptions.CpoolCompareOptions;

/**
 * CpoolCompare's engine: its batches (each option once per round, a warm-up round first, uncounted), what opening
 * and closing a batch means, and the run around them.
 */
public final class CpoolCompareEngine implements LabRun {
   /** Rows of the work table the users select and update. */
   private static final int WORK_ROWS = 1_000;

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

   public CpoolCompareOptions options() {
      return options;
   }

   /** The batches in the order they run: A B C, A B C, … */
   public List<Batch> batches() {
      return List.copyOf(batches);
   }

   private Batch batch(SourceOption o, int run) {
      String name = (run == 0 ? "warm-up " : "run " + run + " ") + o.text();
      String poolName = String.format(Locale.ROOT, "lab-%s-%d-%d-run%d", o.library().name(), o.cmin(), o.cmax(), run);
      Batch batch = new Batch(name, o.text(),
            () -> o.library().open(lab.database(options.rttMs()), o.shape(poolName, options.connectionTimeoutMs())),
            new RunRecorder(o.text(), run, options.users(), options.ops()), server, WORK_ROWS);
      batch.threads(options.threads());
      return batch;
   }

   /** Which statement on which row, for each operation of a batch: the same sequence for every option of a round. */
   public WorkFeeder feeder(Batch batch) {
      return new WorkFeeder(options.workload(), WORK_ROWS, batches.indexOf(batch) / options.options().size());
   }

   /** The protocol that opens each batch's source before its users start and closes it once they have left. */
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

   /** The run's budget: two acquire timeouts and two minutes per batch, plus a margin. */
   public Duration maxDuration() {
      double perRun = 2 * options.connectionTimeoutMs() / 1000.0 + 120;
      return Duration.ofSeconds((long) (batches.size() * perRun) + 60);
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
