package jdbcpoollab.load;

import java.util.List;
import java.util.Optional;

/** The kinds of {@link UserThreads} a run can choose with {@code -Dthreads}, the default first. */
public final class ThreadKinds {
   private static final List<UserThreads> ALL = List.of(PlatformThreads.THREADS, VirtualThreads.THREADS);

   private ThreadKinds() {
   }

   /** The default kind, platform threads. */
   public static UserThreads platform() {
      return ALL.get(0);
   }

   /** The kind named {@code name}, if there is one. */
   public static Optional<UserThreads> named(String name) {
      return ALL.stream().filter(kind -> kind.name().equals(name)).findFirst();
   }

   /** The names of every kind, for an option's allowed values. */
   public static List<String> names() {
      return ALL.stream().map(UserThreads::name).toList();
   }
}
