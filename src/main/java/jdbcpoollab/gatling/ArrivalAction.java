package jdbcpoollab.gatling;

import com.typesafe.scalalogging.Logger;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import jdbcpoollab.load.OpenStep;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * A Gatling action for one arriving request of an open-model step: the event loop only hands the request to the
 * step's request threads; the thread that served it logs the response and hands the session on (see
 * {@link OffloadedAction}).
 */
final class ArrivalAction implements Action {
   private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(ArrivalAction.class));

   private final OpenStep step;
   private final StatsEngine statsEngine;
   private final Action next;

   ArrivalAction(OpenStep step, StatsEngine statsEngine, Action next) {
      this.step = step;
      this.statsEngine = statsEngine;
      this.next = next;
   }

   @Override
   public String name() {
      return step.requestName();
   }

   @Override
   public void execute(Session session) {
      step.arrive(outcome -> next.$bang(OffloadedAction.logged(statsEngine, session,
            outcome == null ? List.of() : List.of(outcome))));
   }

   @Override
   public Logger logger() {
      return LOGGER;
   }

   @Override
   public void com$typesafe$scalalogging$StrictLogging$_setter_$logger_$eq(Logger logger) {
      // the logger is a constant; Scala's trait initialiser has nothing to set
   }
}
