package jdbcpoollab.gatling;

import io.gatling.javaapi.core.ActionBuilder;
import jdbcpoollab.load.Outcome;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Blocking work as Gatling actions, on worker threads of the lab's own. It stands apart from {@link Jdbc}, whose
 * users reach the {@link PoolProtocol}, because the protocol's {@link Sequence} runs its tasks with it.
 */
public final class BlockingWork {
   private static final AtomicInteger THREADS = new AtomicInteger();
   /** Blocking JDBC calls run here, one thread per concurrently blocked user, never on Gatling's event loops. */
   static final ExecutorService WORKERS = Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, "jdbc-worker-" + THREADS.incrementAndGet());
      thread.setDaemon(true);
      return thread;
   });

   private BlockingWork() {
   }

   /** Blocking work whose results Gatling should see as requests, such as a step's gate verdicts. */
   public static ActionBuilder report(String name, Supplier<List<Outcome>> task) {
      return DslAction.of((ctx, next) -> new OffloadedAction(name, session -> task.get(),
            ctx.coreComponents().statsEngine(), next, WORKERS));
   }
}
