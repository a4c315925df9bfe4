package jdbcpoollab.load;

import java.util.HashSet;
import java.util.Set;

/**
 * The threads running a user's loop on a step, each registered once for its whole loop, and why the loss of the
 * database ended them: once lost, the others are interrupted rather than left waiting out their connection timeout.
 */
final class UserLoops {
   private final Set<Thread> loops = new HashSet<>();
   private volatile String lostReason;

   /** Registers the calling thread's loop; false when the database is already lost and the loop must not start. */
   synchronized boolean enter(Thread self) {
      if (lostReason != null) {
         return false;
      }
      loops.add(self);
      return true;
   }

   /** The loop of {@code self} has ended; an interrupt meant for it is cleared. */
   synchronized void leave(Thread self) {
      loops.remove(self);
      Thread.interrupted();
   }

   /** Why the database loss ended the loops, or null. */
   String lostReason() {
      return lostReason;
   }

   /** The database is lost for {@code reason}: the first call runs {@code stop} and interrupts every other loop. */
   synchronized void lost(String reason, Runnable stop) {
      if (lostReason != null) {
         return;
      }
      lostReason = reason;
      stop.run();
      Thread self = Thread.currentThread();
      loops.stream().filter(t -> t != self).forEach(Thread::interrupt);
   }
}
