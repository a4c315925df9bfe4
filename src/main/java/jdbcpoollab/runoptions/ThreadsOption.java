package jdbcpoollab.runoptions;

import jdbcpoollab.load.ThreadKinds;
import jdbcpoollab.load.UserThreads;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

/**
 * {@code -Dthreads}, one name users type for two things, told apart here by a declaration and a reader each:
 * <ul>
 *    <li>{@link #USER_THREADS}, of the closed loops (PoolSweep, CpoolCompare): what each user's loop runs on,
 *    {@code platform} threads (the default) or {@code virtual} ones;</li>
 *    <li>{@link #REQUEST_THREADS}, of the open load (RateSweep, Replay): the request threads that serve the arrivals,
 *    a count of platform ones (1 to 10000, default 200) or a kind, {@code platform} (200) or {@code virtual}
 *    (10000).</li>
 * </ul>
 * Virtual threads need the load test's JVM on Java 21 or newer; on an older one they are refused before anything
 * starts.
 */
final class ThreadsOption {
   /** The request threads of the open load when only their kind is given: platform ones as a servlet container has. */
   static final int PLATFORM_REQUEST_THREADS = 200;
   /** Virtual request threads: as many as the lab allows users, so that the pool is the only limit. */
   static final int VIRTUAL_REQUEST_THREADS = 10_000;
   /** The closed loops' {@code -Dthreads}: the kind of thread each user's loop runs on. */
   static final Option<String> USER_THREADS = Declared.THREADS.withAllowed(ThreadKinds.names());
   /** The open load's {@code -Dthreads}: how many platform request threads, or their kind ({@link #requestThreads}). */
   static final Option<String> REQUEST_THREADS = Declared.THREADS.withDefault(
         Integer.toString(PLATFORM_REQUEST_THREADS));

   private ThreadsOption() {
   }

   /** {@link #USER_THREADS}: {@code -Dthreads=platform|virtual}, platform when not given. */
   static UserThreads userThreads(Options o) {
      return usable(ThreadKinds.named(o.read(USER_THREADS)).orElseThrow());
   }

   /**
    * {@link #REQUEST_THREADS}: {@code -Dthreads=N} platform ones (1 to 10000, default 200), or a kind:
    * {@code platform} (200) or {@code virtual} (10000).
    */
   static RequestThreads requestThreads(Options o) {
      String raw = o.raw(REQUEST_THREADS);
      UserThreads kind = raw == null ? ThreadKinds.platform() : ThreadKinds.named(raw).orElse(null);
      if (kind != null) {
         return new RequestThreads(usable(kind), kind == ThreadKinds.platform() ? PLATFORM_REQUEST_THREADS
               : VIRTUAL_REQUEST_THREADS);
      }
      try {
         return new RequestThreads(ThreadKinds.platform(),
               o.integer(REQUEST_THREADS.name(), PLATFORM_REQUEST_THREADS, 1, 10_000));
      } catch (OptionException e) {
         throw Options.bad(REQUEST_THREADS, raw, "a whole number from 1 to 10000 (platform request threads), or one"
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
