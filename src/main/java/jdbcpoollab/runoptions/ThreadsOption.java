package jdbcpoollab.runoptions;

import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

/**
 * {@code -Dthreads}: what each user's loop runs on, {@code platform} threads (the default) or {@code virtual} ones.
 * Virtual threads need the load test's JVM on Java 21 or newer; on an older one they are refused before anything
 * starts. RateSweep's {@code -Dthreads} also takes a count of platform request threads.
 */
final class ThreadsOption {
   /** RateSweep's request threads when only their kind is given: platform ones as a servlet container has. */
   static final int PLATFORM_REQUEST_THREADS = 200;
   /** Virtual request threads: as many as the lab allows users, so that the pool is the only limit. */
   static final int VIRTUAL_REQUEST_THREADS = 10_000;

   private ThreadsOption() {
   }

   /** {@code -Dthreads=platform|virtual}, platform when not given. */
   static UserThreads kind(Options o) {
      String name = o.read(Declared.THREADS.withDefault(ThreadKinds.platform().name())
            .withAllowed(ThreadKinds.names()));
      return usable(ThreadKinds.named(name).orElseThrow());
   }

   /**
    * RateSweep's request threads: {@code -Dthreads=N} platform ones (1 to 10000, default 200), or a kind:
    * {@code platform} (200) or {@code virtual} (10000).
    */
   static RequestThreads requestThreads(Options o) {
      String raw = o.raw(Declared.THREADS);
      UserThreads kind = raw == null ? ThreadKinds.platform() : ThreadKinds.named(raw).orElse(null);
      if (kind != null) {
         return new RequestThreads(usable(kind), kind == ThreadKinds.platform() ? PLATFORM_REQUEST_THREADS
               : VIRTUAL_REQUEST_THREADS);
      }
      try {
         return new RequestThreads(ThreadKinds.platform(),
               o.integer(Declared.THREADS.name(), PLATFORM_REQUEST_THREADS, 1, 10_000));
      } catch (OptionException e) {
         throw Options.bad(Declared.THREADS, raw, "a whole number from 1 to 10000 (platform request threads), or one"
               + " of " + String.join(", ", ThreadKinds.names()));
      }
   }

   /** How many request threads of which kind. */
   record RequestThreads(UserThreads kind, int count) {
   }

   private static UserThreads usable(UserThreads kind) {
      String why = kind.unavailable();
      if (why != null) {
         throw new OptionException("bad option -Dthreads=" + kind.name() + ": " + why);
      }
      return kind;
   }
}
