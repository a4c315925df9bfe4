package jdbcpoollab.gatling;

import com.typesafe.scalalogging.Logger;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import jdbcpoollab.load.UserThreads;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.collection.immutable.List;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Gatling action that gives its user a thread of its own for a whole closed loop (a platform thread, as an
 * application's request thread, or a virtual one: {@link UserThreads}): the event loop hands the session over once,
 * the thread runs the operations back to back and logs each to Gatling's stats engine as a request
 * ({@link StatsLog}), then hands the session back once ({@code Action.!} moves it to its event loop).
 */
final class ThreadedLoop implements Action {
   private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(ThreadedLoop.class));
   private static final AtomicInteger THREADS = new AtomicInteger();

   /** One user's loop, run on its own thread; returns how many of its operations failed. */
   @FunctionalInterface
   interface Loop {
      long run(Session session, StatsLog log);
   }

   /**
    * Gatling's stats engine, as a user's loop tells it about each operation. The responses are kept in the loop's
    * own arrays and handed to the engine when {@link #BUFFERED} have gathered and when the loop ends: in a window of
    * usual length every one of them after the window, so that Gatling's writers (a message per response, written on
    * their own threads) do not compete with the measured operations for the machine's CPU.
    */
   static final class StatsLog {
      static final int BUFFERED = 4096;
      private final StatsEngine statsEngine;
      private final String scenario;
      private final List<String> groups;
      private final String[] names = new String[BUFFERED];
      private final long[] starts = new long[BUFFERED];
      private final long[] ends = new long[BUFFERED];
      private final String[] errors = new String[BUFFERED];
      private int buffered;

      private StatsLog(StatsEngine statsEngine, Session session) {
         this.statsEngine = statsEngine;
         this.scenario = session.scenario();
         this.groups = session.groups();
      }

      void response(String requestName, long startMillis, long endMillis, String error) {
         if (buffered == BUFFERED) {
            flush();
         }
         names[buffered] = requestName;
         starts[buffered] = startMillis;
         ends[buffered] = endMillis;
         errors[buffered] = error;
         buffered++;
      }

      void flush() {
         for (int i = 0; i < buffered; i++) {
            String error = errors[i];
            statsEngine.logResponse(scenario, groups, names[i], starts[i], ends[i],
                  error == null ? OK$.MODULE$ : KO$.MODULE$, Option.empty(),
                  error == null ? Option.empty() : Option.apply(error));
            errors[i] = null;
         }
         buffered = 0;
      }
   }

   private final String name;
   private final Loop loop;
   private final StatsEngine statsEngine;
   private final Action next;
   private final UserThreads threads;

   ThreadedLoop(String name, Loop loop, StatsEngine statsEngine, Action next, UserThreads threads) {
      this.name = name;
      this.loop = loop;
      this.statsEngine = statsEngine;
      this.next = next;
      this.threads = threads;
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public void execute(Session session) {
      try {
         threads.start("user-" + session.userId() + "-" + THREADS.incrementAndGet(), () -> next.$bang(run(session)));
      } catch (OutOfMemoryError e) {
         LOGGER.underlying().error("{}: no thread for user {}", name, session.userId(), e);
         next.$bang(session.markAsFailed());
      }
   }

   private Session run(Session session) {
      StatsLog log = new StatsLog(statsEngine, session);
      try {
         long failed = loop.run(session, log);
         return failed > 0 ? session.markAsFailed() : session;
      } catch (RuntimeException e) {
         LOGGER.underlying().error("{} crashed", name, e);
         return session.markAsFailed();
      } finally {
         log.flush();
      }
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
