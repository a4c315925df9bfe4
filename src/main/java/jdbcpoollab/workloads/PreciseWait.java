package jdbcpoollab.workloads;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits as long as asked, within about 20 µs, on every JVM. {@code Thread.sleep} cannot: up to JDK 20 it rounds a
 * sub-millisecond sleep up to a whole millisecond ({@code Thread.sleep(0, 5000)} takes about 1.1 ms on Java 17), and
 * a park alone ends late by the kernel's timer slack (about 50 µs on Linux). So the wait parks until
 * {@link #SPIN_NANOS} before its deadline and spins through the rest: a wait costs at most that much CPU, and one
 * shorter than it is spun whole. An interrupt ends it at once: it returns false and the interrupt stays set.
 */
public final class PreciseWait {
   /** The end of a wait that is spun rather than parked: more than a park's usual lateness. */
   static final long SPIN_NANOS = 100_000;

   private PreciseWait() {
   }

   /** Waits {@code nanos} from now; false when interrupted (the interrupt kept). Nothing to wait is true. */
   public static boolean nanos(long nanos) {
      return nanos <= 0 || until(System.nanoTime() + nanos);
   }

   /** Waits until {@code System.nanoTime()} reaches {@code deadline}; false when interrupted (the interrupt kept). */
   public static boolean until(long deadline) {
      Thread self = Thread.currentThread();
      for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
         if (self.isInterrupted()) {
            return false;
         }
         if (left > SPIN_NANOS) {
            LockSupport.parkNanos(left - SPIN_NANOS);
         } else {
            Thread.onSpinWait();
         }
      }
      return true;
   }
}
