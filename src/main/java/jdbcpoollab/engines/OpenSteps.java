package jdbcpoollab.engines;

import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.ArrivalResult;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import jdbcpoollab.run.Lab;

/**
 * The steps of an open-model run (RateSweep's, Replay's) and the protocol that opens each one's pool before its first
 * arrival and closes it after its last: how a step opens (its pool filled, its request threads started, its first
 * line said) and how it ends (what it measured added to the run's summary, with why it ended short when it did).
 */
final class OpenSteps {
   private final List<OpenStep> steps = new ArrayList<>();
   private final PoolProtocol pools = new PoolProtocol();

   /**
    * Adds {@code step}, the next to run.
    *
    * @param arriving what arrives, said once its pool is open, such as "1500 requests/s arrive"
    * @param summary  adds what the step measured to the run's summary and returns its last line
    */
   void add(Lab lab, OpenStep step, Function<OpenStep, String> arriving,
            BiFunction<OpenStep, ArrivalResult, String> summary) {
      steps.add(step);
      pools.arrivals(step, new PoolProtocol.Stage(() -> open(lab, step, arriving),
            () -> report(lab, step, step.close(), null, summary), step::stop,
            () -> report(lab, step, step.interrupt(), "interrupted", summary)));
   }

   /** The steps in the order they run. */
   List<OpenStep> steps() {
      return List.copyOf(steps);
   }

   PoolProtocol pools() {
      return pools;
   }

   /** Before a step's first arrival: its pool opened and filled, its request threads started. */
   private static void open(Lab lab, OpenStep step, Function<OpenStep, String> arriving) {
      step.open(lab.watch());
      lab.stepStarted(step.openFailure() != null
            ? step.requestName() + ": pool did not open, step skipped: " + step.openFailure()
            : step.requestName() + ": pool filled in " + Math.round(step.openNanos() / 1e6) + " ms, "
                  + arriving.apply(step), step.openNanos());
   }

   private static List<Outcome> report(Lab lab, OpenStep step, ArrivalResult r, String why,
                                       BiFunction<OpenStep, ArrivalResult, String> summary) {
      if (r == null) {
         return List.of();
      }
      String reason = why != null ? why
            : step.openFailure() != null ? "pool did not open: " + step.openFailure()
            : step.cutReason() != null ? step.cutReason() : "cut short";
      return lab.stepFinished(summary.apply(step, r), r.step(), reason);
   }
}
