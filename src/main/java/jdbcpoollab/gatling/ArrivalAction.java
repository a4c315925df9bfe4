package jdbcpoollab.gatling;

import com.typesafe.scalalogging.Logger;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import jdbcpoollab.load.OpenStep;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/**
 * A Gatling action for one arriving request of an open-model step: the event loop only hands the request to the
 * step's request threads, when it is due ({@link OpenStep#nextDue()}); the thread that served it queues the response
 * for Gatling's report ({@link ResponseBatch}) and the session to be handed on ({@link UserEnds}), marked failed
 * when its request failed.
 */
final class ArrivalAction implements Action {
   private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(ArrivalAction.class));

   private final OpenStep step;
   private final ResponseBatch responses;
   private final UserEnds ends;
   private final Action next;

   ArrivalAction(OpenStep step, ResponseBatch responses, UserEnds ends, Action next) {
      this.step = step;
      this.responses = responses;
      this.ends = ends;
      this.next = next;
   }

   @Override
   public String name() {
      return step.requestName();
   }

   /** Hands the request on when it is due: at once, or, for a step with arrival times, on the session's event loop. */
   @Override
   public void execute(Session session) {
      long due = step.nextDue();
      long wait = due - System.nanoTime();
      if (wait > 0) {
         session.eventLoop().schedule(() -> arriveLater(session, due), wait, TimeUnit.NANOSECONDS);
      } else {
         arrive(session, due);
      }
   }

   /** A scheduled arrival: one that fails to start still ends its user, so that the step never waits for it. */
   private void arriveLater(Session session, long due) {
      try {
         arrive(session, due);
      } catch (RuntimeException e) {
         LOGGER.underlying().error("an arrival of " + step.requestName() + " failed to start", e);
         next.$bang(session.markAsFailed());
      }
   }

   private void arrive(Session session, long due) {
      step.arrive(due, outcome -> {
         if (outcome == null) {
            ends.end(() -> next.$bang(session));
            return;
         }
         responses.add(session, outcome);
         Session after = outcome.error() == null ? session : session.markAsFailed();
         ends.end(() -> next.$bang(after));
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
