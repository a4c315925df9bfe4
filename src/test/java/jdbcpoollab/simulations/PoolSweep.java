package jdbcpoollab.simulations;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.gatling.Jdbc;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.SweepOptions;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.workloads.Workloads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * How big should the pool be? The same closed-loop load (every user runs the statement back to back, no think time)
 * against a HikariCP pool of each size in turn: a warm-up, then a measured window, per workload and pool size.
 *
 * <pre>mvn gatling:test -Dsim=PoolSweep -Dpools=1,2,4,8,16,32,64 -Dusers=64 -Dseconds=5 -Dworkloads=wait,cpu</pre>
 */
public class PoolSweep extends Simulation {

   private final SweepOptions options = Lab.options(() -> SweepOptions.from(Options.fromSystem()));
   private final SweepSummary summary = new SweepSummary();
   private final Lab lab = new Lab("PoolSweep", options.target(), options.largestPool() + options.users() + 50, summary);
   private final PoolLibrary library = PoolLibraries.DEFAULT.named("hikari");

   // The "protocol": each step gets a HikariCP pool of its size, filled (minimumIdle = maximumPoolSize) before load.
   private ConnectionSource.Opener hikari(String workload, int size) {
      return () -> library.open(lab.database(),
            new PoolShape("lab-" + workload + "-" + size, size, size, options.connectionTimeoutMs()));
   }

   private Step step(Workload workload, int pool) {
      String name = String.format("%s pool=%0" + String.valueOf(options.largestPool()).length() + "d", workload.name(),
            pool);
      StepRecorder recorder = new StepRecorder(workload.name(), pool, options.users(),
            nanos(options.warmup()), nanos(options.seconds()));
      return new Step(workload, name, pool, hikari(workload.name(), pool), recorder);
   }

   // Chains: the first user to arrive opens the pool, everyone loops until the step's window closes, the last one
   // out closes the pool.
   private ChainBuilder enter(Step step) {
      return exec(Jdbc.task("enter " + step.requestName(), () -> {
         step.watch(lab.watch());
         if (step.enter()) {
            lab.stepStarted(step.openFailure() != null
                  ? step.requestName() + ": pool did not open, step skipped: " + step.openFailure()
                  : String.format(Locale.ROOT, "%s: pool filled in %.0f ms, load starts", step.requestName(),
                        step.openNanos() / 1e6), step.openNanos());
         }
      }));
   }

   private ChainBuilder closedLoop(Step step) {
      return asLongAs(session -> step.running()).on(exec(Jdbc.operation(step)));
   }

   private ChainBuilder leave(Step step) {
      return exec(Jdbc.report("leave " + step.requestName(),
            () -> step.leave(options.users()) ? finished(step) : List.of()));
   }

   /** Records the step and checks its gates; their verdicts go to Gatling. */
   private List<Outcome> finished(Step step) {
      return report(step, step.close(), null);
   }

   private List<Outcome> report(Step step, StepResult r, String why) {
      if (r == null) {
         return List.of();
      }
      String reason = why != null ? why
            : step.openFailure() != null ? "pool did not open: " + step.openFailure()
            : step.lostReason() != null ? step.lostReason() : "cut short";
      return lab.stepFinished(summary.add(step.requestName(), r), r, reason);
   }

   // Scenarios: one per step, all users at once; each step starts when the previous one has ended.
   private PopulationBuilder population(Step step) {
      return scenario(step.requestName()).exec(enter(step), closedLoop(step), leave(step))
            .injectOpen(atOnceUsers(options.users()));
   }

   private PopulationBuilder oneAfterAnother(List<Step> steps, int index) {
      PopulationBuilder population = population(steps.get(index));
      return index + 1 < steps.size() ? population.andThen(oneAfterAnother(steps, index + 1)) : population;
   }

   {
      if (options.compare().size() == 2) {
         throw Lab.compareOnly(options.compare().get(0), options.compare().get(1));
      }
      List<Step> steps = new ArrayList<>();
      for (Workload workload : options.workloads()) {
         for (int pool : options.pools()) {
            steps.add(step(workload, pool));
         }
      }
      lab.plan(steps.size(), () -> steps.forEach(step -> {
         step.stop();
         finished(step);
      }));
      lab.onInterrupt(() -> steps.forEach(step -> report(step, step.interrupt(), "interrupted")));
      lab.recoverWithin(Duration.ofMillis((long) (options.recoverSeconds() * 1000)));
      lab.warmupPerStep(options.warmup());
      lab.setting("source", library.describeFixedSize());
      lab.setting("users", options.users());
      lab.setting("seconds", options.seconds());
      lab.setting("warmup", options.warmup());
      options.workloadSettings().forEach(lab::setting);
      lab.setting("connectionTimeoutMs", options.connectionTimeoutMs());
      lab.setting("recoverSeconds", options.recoverSeconds());
      lab.setting("pools", options.pools());
      lab.setting("workloads", options.workloads().stream().map(Workload::name).toList());
      Map<String, String> queries = new LinkedHashMap<>();
      options.workloads().forEach(w -> queries.put(w.name(), w.statement()));
      lab.setting("queries", queries);
      lab.setting("acquireP99Ms", options.acquireP99Ms());
      options.compare().forEach(lab::compareWith);
      double perStep = options.warmup() + options.seconds() + 2 * options.connectionTimeoutMs() / 1000.0 + 30;
      setUp(oneAfterAnother(steps, 0))
            .assertions(lab.assertions())
            .maxDuration(Duration.ofSeconds((long) (steps.size() * perStep) + 60));
   }

   @Override
   public void before() {
      int rows = Workloads.bigTableRows(options.workloads());
      lab.start("big", (database, c) -> rows == 0 ? "not needed"
            : rows + " rows " + database.dialect().ensureBigTable(c, rows).name().toLowerCase(Locale.ROOT));
      options.workloads().forEach(lab::tryOnce);
   }

   @Override
   public void after() {
      lab.finish();
   }

   private static long nanos(double seconds) {
      return (long) (seconds * 1e9);
   }
}
