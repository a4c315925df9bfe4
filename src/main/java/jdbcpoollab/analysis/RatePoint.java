package jdbcpoollab.analysis;

import jdbcpoollab.measure.ArrivalResult;
import jdbcpoollab.measure.StepResult;

/**
 * One open-model step beside its M/M/c prediction: the pool as {@code pool} servers, the offered rate as the arrival
 * rate, and a service time measured at that pool size.
 *
 * @param serviceMs   the service time the prediction uses, NaN when none was measured
 * @param serviceFrom where it comes from: "this step", or the PoolSweep run and step it was read from
 */
public record RatePoint(ArrivalResult arrivals, double serviceMs, String serviceFrom) {

   public StepResult step() {
      return arrivals.step();
   }

   public int pool() {
      return step().pool();
   }

   /** The M/M/c model of this step, or null without a service time. */
   public ErlangC model() {
      return serviceMs > 0 && Double.isFinite(serviceMs)
            ? new ErlangC(pool(), arrivals.rate(), serviceMs / 1000) : null;
   }

   /** True when the model says the pool cannot keep up: rate x service time ≥ pool. */
   public boolean predictedUnstable() {
      ErlangC m = model();
      return m != null && !m.stable();
   }

   /** The predicted P99 wait for a connection in ms: infinite when unstable, NaN without a model. */
   public double predictedP99WaitMs() {
      ErlangC m = model();
      return m == null ? Double.NaN : m.p99WaitMs();
   }

   public double predictedMeanWaitMs() {
      ErlangC m = model();
      return m == null ? Double.NaN : m.meanWaitMs();
   }

   /** Measured P99 acquire wait over predicted P99 wait; NaN when either is missing or the prediction is 0 or ∞. */
   public double measuredOverPredicted() {
      double predicted = predictedP99WaitMs();
      return predicted > 0 && Double.isFinite(predicted) && step().times().acquire().count() > 0
            ? step().times().acquire().p99() / predicted : Double.NaN;
   }

   /** The step was not cut short, had no failure and its P99 total from arrival is within {@code sloP99Ms}. */
   public boolean meetsSlo(double sloP99Ms) {
      StepResult s = step();
      return s.outcome().complete() && s.counts().failures() == 0 && s.counts().ok() > 0
            && s.times().total().p99() <= sloP99Ms;
   }

   /** What the model expects of the SLO: stable, and P99 wait plus the service time within it. */
   public boolean predictedToMeetSlo(double sloP99Ms) {
      ErlangC m = model();
      return m != null && m.stable() && m.p99WaitMs() + serviceMs <= sloP99Ms;
   }
}
