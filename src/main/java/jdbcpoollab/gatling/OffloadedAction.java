package jdbcpoollab.gatling;

import com.typesafe.scalalogging.Logger;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import jdbcpoollab.load.Outcome;
import org.slf4j.LoggerFactory;
import scala.Option;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * A Gatling action whose blocking work runs on a worker thread. The event loop only hands the session over and
 * takes it back: the worker logs the response, and the next action runs on the session's own event loop, as Gatling
 * requires ({@code Action.!} moves it there).
 */
final class OffloadedAction implements Action {
   private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(OffloadedAction.class));

   private final String name;
   private final Function<Session, List<Outcome>> work;
   private final StatsEngine statsEngine;
   private final Action next;
   private final Executor executor;

   OffloadedAction(String name, Function<Session, List<Outcome>> work, StatsEngine statsEngine, Action next,
                   Executor executor) {
      this.name = name;
      this.work = work;
      this.statsEngine = statsEngine;
      this.next = next;
      this.executor = executor;
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public void execute(Session session) {
      try {
         executor.execute(() -> resume(session, run(session)));
      } catch (RejectedExecutionException e) {
         resume(session, List.of());
      }
   }

   private List<Outcome> run(Session session) {
      try {
         return work.apply(session);
      } catch (RuntimeException e) {
         LOGGER.underlying().error("{} crashed", name, e);
         return List.of();
      }
   }

   /**
    * Logs the responses where the work ran and hands the session on; Gatling moves it to its event loop, so the event
    * loop's share of an operation is only the loop and the next hand-off, not the responses' bookkeeping.
    */
   private void resume(Session session, List<Outcome> outcomes) {
      next.$bang(logged(statsEngine, session, outcomes));
   }

   /** Logs the responses to Gatling; returns the session to hand on, marked failed when one of them failed. */
   static Session logged(StatsEngine statsEngine, Session session, List<Outcome> outcomes) {
      Session after = session;
      for (Outcome outcome : outcomes) {
         boolean ok = outcome.error() == null;
         statsEngine.logResponse(session.scenario(), session.groups(), outcome.requestName(), outcome.startMillis(),
               outcome.endMillis(), ok ? OK$.MODULE$ : KO$.MODULE$, Option.empty(), Option.apply(outcome.error()));
         if (!ok) {
            after = session.markAsFailed();
         }
      }
      return after;
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
