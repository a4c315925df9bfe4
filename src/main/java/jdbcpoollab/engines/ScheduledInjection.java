package jdbcpoollab.engines;

import io.gatling.javaapi.core.OpenInjectionStep;
import jdbcpoollab.load.ArrivalSchedule;
import jdbcpoollab.load.OpenStep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;

/**
 * Gatling's injection for a step whose arrivals have their times ({@link ArrivalSchedule}): the users due in each
 * second brought at its start, each then waiting for its own time.
 */
final class ScheduledInjection {
   private ScheduledInjection() {
   }

   /** The injection of {@code step}'s arrivals, by the times it was given. */
   static List<OpenInjectionStep> of(OpenStep step) {
      List<OpenInjectionStep> injection = new ArrayList<>();
      for (int users : step.scheduled().perSecond()) {
         if (!injection.isEmpty()) {
            injection.add(nothingFor(Duration.ofSeconds(1)));
         }
         injection.add(atOnceUsers(users));
      }
      return injection;
   }
}
