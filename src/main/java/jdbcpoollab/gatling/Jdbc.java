package jdbcpoollab.gatling;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.javaapi.core.ActionBuilder;
import jdbcpoollab.load.Batch;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.load.Step;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Gatling DSL of the lab: {@code exec(Jdbc.operation(step))}, {@code exec(Jdbc.operation(batch, "op", "id"))},
 * {@code exec(Jdbc.task("open", step::open))}.
 */
public final class Jdbc {
   private static final AtomicInteger THREADS = new AtomicInteger();
   /** Blocking JDBC calls run here, one thread per concurrently blocked user, never on Gatling's event loops. */
   static final ExecutorService WORKERS = Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, "jdbc-worker-" + THREADS.incrementAndGet());
      thread.setDaemon(true);
      return thread;
   });

   private Jdbc() {
   }

   /** One timed operation of the step, reported to Gatling under the step's request name. */
   public static ActionBuilder operation(Step step) {
      return builder(step.requestName(), session -> {
         Outcome outcome = step.execute(session.userId());
         return outcome == null ? List.of() : List.of(outcome);
      });
   }

   /** One arriving request of an open-model step, served by the step's request threads, timed from its arrival. */
   public static ActionBuilder arrival(OpenStep step) {
      io.gatling.core.action.builder.ActionBuilder scala = new io.gatling.core.action.builder.ActionBuilder() {
         @Override
         public Action build(ScenarioContext ctx, Action next) {
            return new ArrivalAction(step, ctx.coreComponents().statsEngine(), next);
         }
      };
      return () -> scala;
   }

   /** One operation of a CpoolCompare run, on the row and of the kind the feeder put in the session. */
   public static ActionBuilder operation(Batch batch, String operationKey, String idKey) {
      return builder("work", session -> {
         io.gatling.javaapi.core.Session s = new io.gatling.javaapi.core.Session(session);
         Outcome outcome = batch.execute(s.getString(operationKey), s.getInt(idKey));
         return outcome == null ? List.of() : List.of(outcome);
      });
   }

   /** Blocking work that is not a measured request, such as opening or closing a pool. */
   public static ActionBuilder task(String name, Runnable task) {
      return builder(name, session -> {
         task.run();
         return List.of();
      });
   }

   /** Blocking work whose results Gatling should see as requests, such as a step's gate verdicts. */
   public static ActionBuilder report(String name, Supplier<List<Outcome>> task) {
      return builder(name, session -> task.get());
   }

   private static ActionBuilder builder(String name, Function<Session, List<Outcome>> work) {
      io.gatling.core.action.builder.ActionBuilder scala = new io.gatling.core.action.builder.ActionBuilder() {
         @Override
         public Action build(ScenarioContext ctx, Action next) {
            return new OffloadedAction(name, work, ctx.coreComponents().statsEngine(), next, WORKERS);
         }
      };
      return () -> scala;
   }
}
