package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.db.WorkTable;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Batch;
import jdbcpoollab.measure.RunRecorder;
import jdbcpoollab.measure.RunResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.SourceOption;
import jdbcpoollab.report.CompareSummary;
import jdbcpoollab.run.CompareOptions;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.workloads.WorkFeeder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * What does pooling buy a batch job? 100 users each do {@code ops} operations on a work table (select, insert or
 * update one row) and leave; the batch is timed from the first operation's start to the last one's end. Each option
 * (a HikariCP pool, a UCP pool, or a new physical connection per operation) runs {@code repeat} times, interleaved
 * A B C A B C … after one uncounted warm-up round, and is compared with the unpooled option by Welch's t-test.
 *
 * <pre>mvn gatling:test -Dsim=CpoolCompare -Doptions=hikari:32:70:3,hikari:35:76:3,none -Dusers=100 -Drepeat=10</pre>
 */
public class CpoolCompare extends Simulation {
   private static final int WORK_ROWS = 1_000;

   private final Options system = Options.fromSystem();
   private final CompareOptions options = Exit.options(() -> CompareOptions.from(system));
   private final CompareSummary summary = new CompareSummary(
         options.options().stream().map(SourceOption::text).toList(), options.baseline().text());
   private final Lab lab = new Lab("CpoolCompare", system, options.target(), options.peakConnections() + 50,
         summary, options.settings(WORK_ROWS));
   private final ServerStatus server = new ServerStatus(lab::database);

   // The "protocol": each run gets a new source of its option; a pool is filled to cmin before the batch starts.
   private ConnectionSource.Opener source(SourceOption o, String poolName) {
      return () -> o.library().open(lab.database(), o.shape(poolName, options.connectionTimeoutMs()));
   }

   private Batch batch(SourceOption o, int run) {
      String name = (run == 0 ? "warm-up " : "run " + run + " ") + o.text();
      String poolName = String.format(Locale.ROOT, "lab-%s-%d-%d-run%d", o.library().name(), o.cmin(), o.cmax(), run);
      return new Batch(name, o.text(), source(o, poolName),
            new RunRecorder(o.text(), run, options.users(), options.ops()), server, WORK_ROWS);
   }

   // Chains: the first user to arrive opens the source; each user does its operations, fed with which statement on
   // which row, and leaves; the last one out closes the source.
   private ChainBuilder enter(Batch batch) {
      return exec(Jdbc.task("enter " + batch.name(), () -> {
         if (batch.enter()) {
            lab.stepStarted(batch.openFailure() != null
                  ? batch.name() + ": source did not open, run skipped: " + batch.openFailure()
                  : String.format(Locale.ROOT, "%s: source open in %.0f ms, %d users x %d operations start",
                        batch.name(), batch.openNanos() / 1e6, options.users(), options.ops()));
         }
      }));
   }

   private ChainBuilder work(Batch batch, int run) {
      WorkFeeder feeder = new WorkFeeder(options.workload(), WORK_ROWS, run);
      return doIf(session -> batch.ready()).then(
            repeat(options.ops()).on(feed(feeder).exec(Jdbc.operation(batch, "op", "id"))));
   }

   private ChainBuilder leave(Batch batch) {
      return exec(Jdbc.task("leave " + batch.name(), () -> {
         if (batch.leave(options.users())) {
            finished(batch);
         }
      }));
   }

   private void finished(Batch batch) {
      RunResult r = batch.close();
      if (r != null) {
         lab.stepFinished(summary.add(r));
      }
   }

   // Scenarios: one per run, all users at once; each run starts when the previous one has ended.
   private PopulationBuilder oneAfterAnother(List<Batch> batches, int index) {
      Batch batch = batches.get(index);
      int run = index / options.options().size();
      PopulationBuilder population = scenario(batch.name()).exec(enter(batch), work(batch, run), leave(batch))
            .injectOpen(atOnceUsers(options.users()));
      return index + 1 < batches.size() ? population.andThen(oneAfterAnother(batches, index + 1)) : population;
   }

   {
      List<Batch> batches = new ArrayList<>();
      for (int run = 0; run <= options.repeat(); run++) {
         for (SourceOption o : options.options()) {
            batches.add(batch(o, run));
         }
      }
      lab.plan(batches.size(), () -> batches.forEach(this::finished));
      double perRun = 2 * options.connectionTimeoutMs() / 1000.0 + 120;
      setUp(oneAfterAnother(batches, 0)).maxDuration(Duration.ofSeconds((long) (batches.size() * perRun) + 60));
   }

   @Override
   public void before() {
      lab.start("work", (database, c) -> {
         WorkTable.reset(c, WORK_ROWS);
         return WORK_ROWS + " rows";
      });
   }

   @Override
   public void after() {
      server.close();
      lab.finish();
   }
}
