package jdbcpoollab.load;

import java.util.List;
import java.util.Optional;

/**
 * What each user's loop runs on: a platform thread of its own, as an application's request thread, or a virtual
 * thread (Java 21+), as an application that runs every request on its own. One class per kind; {@link #KINDS} lists
 * them for {@code -Dthreads}.
 */
public interface UserThreads {
   /** Every kind, the default first. */
   List<UserThreads> KINDS = List.of(PlatformThreads.THREADS, VirtualThreads.THREADS);

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

   /** The default kind, platform threads. */
   static UserThreads platform() {
      return KINDS.get(0);
   }

   /** The kind named {@code name}, if there is one. */
   static Optional<UserThreads> named(String name) {
      return KINDS.stream().filter(kind -> kind.name().equals(name)).findFirst();
   }

   /** The names of every kind, for an option's allowed values. */
   static List<String> names() {
      return KINDS.stream().map(UserThreads::name).toList();
   }

   /** True when {@code thread} is a virtual thread (never on a Java before 21). */
   static boolean isVirtual(Thread thread) {
      return VirtualThreads.isVirtual(thread);
   }
}
