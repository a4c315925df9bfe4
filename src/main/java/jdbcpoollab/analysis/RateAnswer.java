package jdbcpoollab.analysis;

import java.util.Comparator;
import java.util.List;

/**
 * The answer of an open-model sweep for one workload: at this rate, the smallest pool whose P99 total time from
 * arrival meets the SLO without failures, and the smallest the M/M/c model would pick.
 *
 * @param points        the steps by pool size
 * @param pick          the smallest pool that met the SLO, or null
 * @param predictedPick the smallest pool the model expects to meet it, or null
 */
public record RateAnswer(String workload, double rate, double sloP99Ms, List<RatePoint> points, RatePoint pick,
                         RatePoint predictedPick) {

   public static RateAnswer of(String workload, double rate, double sloP99Ms, List<RatePoint> points) {
      List<RatePoint> byPool = points.stream().sorted(Comparator.comparingInt(RatePoint::pool)).toList();
      return new RateAnswer(workload, rate, sloP99Ms, byPool,
            byPool.stream().filter(p -> p.meetsSlo(sloP99Ms)).findFirst().orElse(null),
            byPool.stream().filter(p -> p.predictedToMeetSlo(sloP99Ms)).findFirst().orElse(null));
   }

   /** The step with the lowest P99 total among those that completed operations, or null. */
   public RatePoint fastest() {
      return points.stream().filter(p -> p.step().counts().ok() > 0)
            .min(Comparator.comparingDouble(p -> p.step().times().total().p99())).orElse(null);
   }
}
