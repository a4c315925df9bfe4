package jdbcpoollab.gatling;

import io.gatling.core.stats.StatsEngine;
import io.gatling.javaapi.core.ActionBuilder;
import jdbcpoollab.load.Batch;
import jdbcpoollab.load.ClosedStep;
import jdbcpoollab.load.LoadStep;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Rounds;
import jdbcpoollab.load.UserThreads;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The Gatling DSL of the lab: {@code exec(Jdbc.closedLoop(step))}, {@code exec(Jdbc.operations(batch, ops, feeder))},
 * {@code exec(Jdbc.arrival(step))}. A closed step's users enter and leave it through the scenario's
 * {@link PoolProtocol}, on their own threads, around their loops.
 */
public final class Jdbc {
   private Jdbc() {
   }

   /**
    * The user's closed loop on the step, on a thread of its own (of the step's kind) until the step's window closes;
    * every measured operation is reported to Gatling under the step's request name.
    */
   public static ActionBuilder closedLoop(ClosedStep step) {
      return closedLoop(step, Rounds.STEADY);
   }

   /** The user's closed loop on the step paced by {@code rounds} (a burst's operations, work and pauses). */
   public static ActionBuilder closedLoop(ClosedStep step, Rounds rounds) {
      return loop("closed loop " + step.requestName(), step,
            (session, log) -> step.closedLoop(session.userId(), rounds, log::response));
   }

   /**
    * The user's {@code ops} operations of a CpoolCompare run, on a thread of its own (of the batch's kind), each on the
    * row and of the kind {@code feeder} gives; every counted one is reported to Gatling.
    */
   public static ActionBuilder operations(Batch batch, int ops, Iterator<Map<String, Object>> feeder) {
      return loop("operations " + batch.name(), batch, (session, log) -> {
         if (!batch.ready()) {
            return 0;
         }
         long failed = 0;
         for (int i = 0; i < ops; i++) {
            Map<String, Object> next = feeder.next();
            Outcome outcome = batch.execute((String) next.get("op"), (Integer) next.get("id"));
            if (outcome != null) {
               log.response(outcome.requestName(), outcome.startMillis(), outcome.endMillis(), outcome.error());
               failed += outcome.error() == null ? 0 : 1;
            }
         }
         return failed;
      });
   }

   /** One arriving request of an open-model step, served by the step's request threads, timed from its arrival. */
   public static ActionBuilder arrival(OpenStep step) {
      return DslAction.of((ctx, next) -> {
         StatsEngine stats = ctx.coreComponents().statsEngine();
         ResponseBatch responses = new ResponseBatch((session, outcome) -> OffloadedAction.logged(stats, session,
               List.of(outcome)));
         UserEnds ends = new UserEnds();
         PoolProtocol.of(ctx).atClose(step, ends::close);
         PoolProtocol.of(ctx).atClose(step, responses::close);
         return new ArrivalAction(step, responses, ends, next);
      });
   }

   /**
    * A user's loop on a closed step, on its own thread between entering the step (the first user opens it, the others
    * wait for it) and leaving it (the last one closes it, and the step's verdicts are logged as its requests).
    */
   private static ActionBuilder loop(String name, LoadStep step, ThreadedLoop.Loop loop) {
      UserThreads threads = step.threads();
      return DslAction.of((ctx, next) -> {
         PoolProtocol pools = PoolProtocol.of(ctx);
         return new ThreadedLoop(name, (session, log) -> {
            long failed = 0;
            try {
               pools.enter(step);
               failed = loop.run(session, log);
            } finally {
               for (Outcome outcome : pools.leave(step)) {
                  log.response(outcome.requestName(), outcome.startMillis(), outcome.endMillis(), outcome.error());
                  failed += outcome.error() == null ? 0 : 1;
               }
            }
            return failed;
         }, ctx.coreComponents().statsEngine(), next, threads);
      });
   }
}
