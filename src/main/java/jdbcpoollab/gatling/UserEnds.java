package jdbcpoollab.gatling;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The users of an open step's arrivals handed on to Gatling every {@value #EVERY_MS} ms together, rather than each by
 * the request thread that served it: a user's end is a message to Gatling's injector, which wakes a thread of
 * Gatling's for it, so one by one every request cost the machine a thread wake-up more than the application pays. On
 * 2 cores a plain Java application given one such hand-off more per request held its transactions 14 to 23% longer
 * (docs/replay.md). Gatling learns of each end up to {@value #EVERY_MS} ms late; the lab's times are its own. The
 * batch owns its thread and stops it at {@link #close()}, once the step's users have ended.
 */
final class UserEnds implements AutoCloseable {
   static final long EVERY_MS = 10;
   private static final Logger LOGGER = LoggerFactory.getLogger(UserEnds.class);

   private final ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>();
   private final ScheduledExecutorService ender = Executors.newSingleThreadScheduledExecutor(
         BatchThread.named("user-ends"));

   /** Whether the thread hands on batches: from the step's first end, so that a step not yet run costs nothing. */
   private final AtomicBoolean started = new AtomicBoolean();

   /**
    * Runs {@code handOn} (a user's session handed on to the action after its request) with the next batch; after
    * {@link #close()}, at once.
    */
   void end(Runnable handOn) {
      queued.add(handOn);
      if (started.compareAndSet(false, true)) {
         try {
            ender.scheduleWithFixedDelay(this::flush, EVERY_MS, EVERY_MS, TimeUnit.MILLISECONDS);
         } catch (RejectedExecutionException e) {
            // closed: the step is over, and this thread hands it on itself below
         }
      }
      if (ender.isShutdown()) {
         flush();
      }
   }

   /** Hands on every session queued so far; one that fails is logged, so that the others still end. */
   private void flush() {
      for (Runnable handOn = queued.poll(); handOn != null; handOn = queued.poll()) {
         try {
            handOn.run();
         } catch (RuntimeException e) {
            LOGGER.error("a user could not be handed on", e);
         }
      }
   }

   /** Stops the thread and hands on what is left here. */
   @Override
   public void close() {
      BatchThread.stop(ender);
      flush();
   }
}
