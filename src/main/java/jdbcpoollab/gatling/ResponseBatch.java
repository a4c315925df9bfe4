package jdbcpoollab.gatling;

import io.gatling.core.session.Session;
import jdbcpoollab.load.Outcome;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * The responses of an open step's arrivals, handed to Gatling's stats engine {@value #BATCH} at a time and when the
 * step closes, rather than one by one: each response logged is a message to each of Gatling's data writers, and a
 * writer that has gone idle is woken on a thread of Gatling's for it, so that one by one every request cost the
 * machine two thread wake-ups of its own on top of its own hand-offs. Each response keeps its own start and end, so
 * Gatling's report is the same, only written later; the lab's numbers never came from it.
 *
 * <p>A full batch is logged on a thread of its own, not on the request thread that filled it: logging a batch takes
 * milliseconds, in which that request thread would serve no arrival and the application's threads would look fewer.
 * The batch owns that thread and stops it at {@link #close()}.
 */
final class ResponseBatch implements AutoCloseable {
   static final int BATCH = 1024;
   /** Logs one response to Gatling's stats engine. */
   private final BiConsumer<Session, Outcome> log;
   private final ConcurrentLinkedQueue<Logged> queued = new ConcurrentLinkedQueue<>();
   private final AtomicInteger size = new AtomicInteger();
   private final AtomicBoolean due = new AtomicBoolean();
   private final ExecutorService logger = Executors.newSingleThreadExecutor(BatchThread.named("responses-to-gatling"));

   /** One response with the scenario and groups of the session it was of. */
   private record Logged(Session session, Outcome outcome) {
   }

   ResponseBatch(BiConsumer<Session, Outcome> log) {
      this.log = log;
   }

   /** The response of {@code session}'s request, logged with the next batch. */
   void add(Session session, Outcome outcome) {
      queued.add(new Logged(session, outcome));
      if (size.incrementAndGet() >= BATCH && due.compareAndSet(false, true)) {
         try {
            logger.execute(() -> {
               due.set(false);
               flush();
            });
         } catch (RejectedExecutionException e) {
            // a response that ends after the step closed: logged here, the thread that filled it is done anyway
            flush();
         }
      }
   }

   /** Logs every response queued so far. */
   void flush() {
      for (Logged next = queued.poll(); next != null; next = queued.poll()) {
         size.decrementAndGet();
         log.accept(next.session(), next.outcome());
      }
   }

   /** Waits for a batch being logged, then logs the rest here: at the step's close, before Gatling's end. */
   @Override
   public void close() {
      BatchThread.stop(logger);
      flush();
   }
}
