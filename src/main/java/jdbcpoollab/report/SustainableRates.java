package jdbcpoollab.report;

import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.StepResult;

import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.fixed;

/** The most requests per second each pool of a closed-loop sweep can sustain: which pools are candidates for a rate. */
final class SustainableRates {

   private SustainableRates() {
   }

   /** One line for a workload's steps. */
   static String line(Sizing sizing) {
      String rates = sizing.steps().stream().filter(s -> s.counts().ok() > 0)
            .map(s -> "pool " + s.pool() + ": " + fixed(s.counts().throughput(), 1) + "/s" + bounded(s))
            .collect(Collectors.joining(", "));
      return "Max sustainable rate per pool (the closed-loop throughput: the most this pool served with every user "
            + "always asking): " + (rates.isEmpty() ? "none measured" : rates) + ". An arrival rate at or above a "
            + "pool's is more than it can serve, and its waits stay short only well below it; RateSweep "
            + "(-Dsim=RateSweep -Drate=…) measures a given rate against the candidate pools.";
   }

   private static String bounded(StepResult s) {
      return s.pool() >= s.counts().users() ? " (bounded by the " + s.counts().users() + " users)" : "";
   }
}
