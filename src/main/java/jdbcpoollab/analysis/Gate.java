package jdbcpoollab.analysis;

import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.Timing;

import java.util.function.ToDoubleFunction;

/**
 * A limit that every step must keep, checked on the lab's own numbers of the step (never on Gatling's run-wide
 * averages). A step that measured nothing for the gate fails it: no evidence is not a pass.
 *
 * @param name    the option's name without {@code assert.}, such as {@code p99AcquireMs}
 * @param measure the step's value, NaN when the step measured nothing for it
 */
public record Gate(String name, Bound bound, double limit, ToDoubleFunction<StepResult> measure) {

   public static Gate p99AcquireMs(double limit) {
      return new Gate("p99AcquireMs", Bound.AT_MOST, limit, s -> p99(s.times().acquire()));
   }

   public static Gate p99TotalMs(double limit) {
      return new Gate("p99TotalMs", Bound.AT_MOST, limit, s -> p99(s.times().total()));
   }

   public static Gate minThroughput(double limit) {
      return new Gate("minThroughput", Bound.AT_LEAST, limit,
            s -> s.counts().seconds() == 0 ? Double.NaN : s.counts().throughput());
   }

   /** The P99 of times measured, NaN when none was. */
   private static double p99(Timing t) {
      return t.count() == 0 ? Double.NaN : t.p99();
   }

   /** Failed operations among all operations that ended inside the window, in percent. */
   public static Gate maxKoPercent(double limit) {
      return new Gate("maxKoPercent", Bound.AT_MOST, limit, Gate::koPercent);
   }

   public static double koPercent(StepResult s) {
      long all = s.counts().ok() + s.counts().ko();
      return all == 0 ? Double.NaN : 100.0 * s.counts().ko() / all;
   }

   public GateResult check(StepResult step) {
      return GateResult.limit(step, name, measure.applyAsDouble(step), bound, limit);
   }
}
