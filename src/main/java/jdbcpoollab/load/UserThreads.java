package jdbcpoollab.load;

/**
 * What each user's loop runs on: a platform thread of its own, as an application's request thread, or a virtual
 * thread (Java 21+), as an application that runs every request on its own. One class per kind; {@link ThreadKinds}
 * lists them for {@code -Dthreads}.
 */
public interface UserThreads {
   /** How {@code -Dthreads} and the reports name the kind: {@code platform}, {@code virtual}. */
   String name();

   /** Why this JVM cannot start threads of this kind, or null when it can. */
   String unavailable();

   /** A new daemon thread of this kind named {@code name}, not started. */
   Thread thread(String name, Runnable task);

   /** Starts {@code task} on a new daemon thread of this kind named {@code name}. */
   default Thread start(String name, Runnable task) {
      Thread thread = thread(name, task);
      thread.start();
      return thread;
   }
}
