package jdbcpoollab.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Plain Java threads, each running the step's closed loop on its own thread as the lab's users do, with nothing told
 * to Gatling (the JVM's warm-up). Fidelity's reference runs a loop of its own instead (jdbcpoollab.reference).
 */
public final class RawThreads {
   private RawThreads() {
   }

   /** Runs {@code users} threads in a closed loop on the step (already opened) and returns when all have left. */
   public static void run(Step step, int users) throws InterruptedException {
      List<Thread> threads = new ArrayList<>(users);
      for (int i = 1; i <= users; i++) {
         long userId = i;
         Thread thread = new Thread(() -> step.closedLoop(userId, OperationLog.NONE),
               "raw-" + step.requestName() + "-" + i);
         thread.setDaemon(true);
         threads.add(thread);
      }
      threads.forEach(Thread::start);
      try {
         for (Thread thread : threads) {
            thread.join();
         }
      } catch (InterruptedException e) {
         step.stop();
         throw e;
      }
   }
}
