package jdbcpoollab.engines;

import io.gatling.javaapi.core.OpenInjectionStep;
import jdbcpoollab.load.ArrivalSchedule;

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

   static List<OpenInjectionStep> of(ArrivalSchedule schedule) {
      List<OpenInjectionStep> injection = new ArrayList<>();
      for (int users : schedule.perSecond()) {
         if (!injection.isEmpty()) {
            injection.add(nothingFor(Duration.ofSeconds(1)));
         }
         injection.add(atOnceUsers(users));
      }
      return injection;
   }
}
