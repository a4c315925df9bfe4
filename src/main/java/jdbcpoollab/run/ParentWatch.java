package jdbcpoollab.run;

import java.util.concurrent.CompletableFuture;

/**
 * Ends this JVM when the process that started it ends. {@code mvn gatling:test} forks the Gatling JVM; when Maven is
 * stopped by its pid (an IDE's stop button, a cancelled CI job, {@code kill}), it exits at once and leaves the fork
 * running the whole load. Ending here runs the lab's shutdown hook: the run is marked interrupted and the embedded
 * server stopped.
 */
final class ParentWatch {
   /** The exit code of a run stopped this way: 128 + SIGTERM, as if the signal had reached this JVM. */
   static final int PARENT_GONE = 143;
   private static CompletableFuture<?> watching;

   private ParentWatch() {
   }

   static synchronized void endWithParent() {
      if (watching != null) {
         return;
      }
      watching = ProcessHandle.current().parent()
            .filter(parent -> parent.pid() > 1)
            .map(parent -> parent.onExit().thenRun(() -> {
               System.err.println("jdbc-pool-lab: the process that started this run (pid " + parent.pid()
                     + ") has ended; stopping the run");
               // not on the JDK's process-reaper thread that completes onExit: the shutdown hook waits for the
               // embedded server's process to end, which that thread reports
               Signals.ending(PARENT_GONE);
               Thread stop = new Thread(() -> System.exit(PARENT_GONE), "lab-parent-gone");
               stop.start();
            }))
            .orElse(CompletableFuture.completedFuture(null));
   }
}
