package jdbcpoollab.gatling;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The one thread each batch of an open step ({@link ResponseBatch}, {@link UserEnds}) owns: a named daemon, stopped
 * at the step's close once what it was doing has finished.
 */
final class BatchThread {
   private BatchThread() {
   }

   /** Makes the batch's thread, {@code name}; a daemon, so that a run cut short is not held by it. */
   static ThreadFactory named(String name) {
      return task -> {
         Thread thread = new Thread(task, name);
         thread.setDaemon(true);
         return thread;
      };
   }

   /** Stops {@code thread} taking work and waits (at most 10 s) for what it is doing to finish. */
   static void stop(ExecutorService thread) {
      thread.shutdown();
      try {
         thread.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }
}
