package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.util.List;

/** What a finished sweep, read back from its {@code summary.json}, says about its pool size: its page's answers. */
public final class RunSizings {
   private RunSizings() {
   }

   /** What a workload's steps, read back from the run's {@code summary.json}, say about its pool size. */
   static Sizing sizing(SweepRun run, String workload) {
      List<StepResult> steps = run.steps(workload);
      return Sizing.of(workload, steps, Sizing.Context.of(run.sweepSettings(), run.environment(), steps)
            .thinking(run.thinkMs()));
   }

   /** What the run says about its pool size: per workload, and per source in a sweep over several. */
   public static List<Sizing> sizings(SweepRun run) {
      List<String> sources = run.sources();
      return sources.isEmpty() ? run.workloads().stream().map(w -> sizing(run, w)).toList()
            : run.workloads().stream().flatMap(w -> sources.stream().map(source -> sizing(run, w, source))).toList();
   }

   /** What one workload's steps with one source (of a sweep over several) say about its pool size. */
   static Sizing sizing(SweepRun run, String workload, String source) {
      List<StepResult> steps = run.steps(workload, source);
      return Sizing.of(workload + " " + source, steps, Sizing.Context.of(run.sweepSettings(), run.environment(),
            steps).thinking(run.thinkMs()));
   }
}
