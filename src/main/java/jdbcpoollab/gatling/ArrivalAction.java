package jdbcpoollab.gatling;

import com.typesafe.scalalogging.Logger;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import jdbcpoollab.load.OpenStep;
import org.slf4j.LoggerFactory;

/**
 * A Gatling action for one arriving request of an open-model step: the event loop only hands the request to the
 * step's request threads; the thread that served it queues the response for Gatling's report
 * ({@link ResponseBatch}) and hands the session on, marked failed when its request failed.
 */
final class ArrivalAction implements Action {
   private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(ArrivalAction.class));

   private final OpenStep step;
   private final ResponseBatch responses;
   private final Action next;

   ArrivalAction(OpenStep step, ResponseBatch responses, Action next) {
      this.step = step;
      this.responses = responses;
      this.next = next;
   }

   @Override
   public String name() {
      return step.requestName();
   }

   @Override
   public void execute(Session session) {
      step.arrive(outcome -> {
         if (outcome == null) {
            next.$bang(session);
            return;
         }
         responses.add(session, outcome);
         next.$bang(outcome.error() == null ? session : session.markAsFailed());
      });
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
