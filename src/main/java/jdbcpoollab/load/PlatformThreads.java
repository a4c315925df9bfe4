package jdbcpoollab.load;

/** A platform thread per user: the JVM's own threads, each with its own stack, the lab's default. */
final class PlatformThreads implements UserThreads {
   static final UserThreads THREADS = new PlatformThreads();

   private PlatformThreads() {
   }

   @Override
   public String name() {
      return "platform";
   }

   @Override
   public String unavailable() {
      return null;
   }

   @Override
   public Thread thread(String name, Runnable task) {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      return thread;
   }
}
