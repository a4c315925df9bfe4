package jdbcpoollab.load;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each of a step's arrivals is due, for arrivals given by their times (a replay's captured ones) rather than by a
 * rate. Gatling brings the users a second's worth at a time ({@link #perSecond()}), before they are due, and each
 * takes the next time here and waits for it: one injection step per captured arrival would cost Gatling's injector
 * work that grows with the square of the arrivals (each user's start passes through every step before it), CPU taken
 * from the request threads and the database on the same cores.
 */
public final class ArrivalSchedule {
   private static final long UNSET = Long.MIN_VALUE;
   private final long[] offsetsNanos;
   private final AtomicInteger next = new AtomicInteger();
   private final AtomicLong origin = new AtomicLong(UNSET);

   /** @param offsetsMicros each arrival's time, µs after the first, in order */
   public ArrivalSchedule(List<Long> offsetsMicros) {
      offsetsNanos = offsetsMicros.stream().mapToLong(m -> m * 1000).toArray();
      for (int i = 1; i < offsetsNanos.length; i++) {
         if (offsetsNanos[i] < offsetsNanos[i - 1]) {
            throw new IllegalArgumentException("arrival " + i + " is before the one ahead of it");
         }
      }
   }

   /** How many users Gatling brings at the start of each second: the arrivals due in that second. */
   public List<Integer> perSecond() {
      int seconds = offsetsNanos.length == 0 ? 0 : (int) (offsetsNanos[offsetsNanos.length - 1] / 1_000_000_000L) + 1;
      int[] counts = new int[seconds];
      for (long offset : offsetsNanos) {
         counts[(int) (offset / 1_000_000_000L)]++;
      }
      return Arrays.stream(counts).boxed().toList();
   }

   /**
    * The next arrival's due time on {@link System#nanoTime()}'s clock, the first user's time ({@code now}) being the
    * schedule's start; a user beyond the schedule is due at once.
    */
   public long nextDue(long now) {
      origin.compareAndSet(UNSET, now);
      int ticket = next.getAndIncrement();
      return ticket < offsetsNanos.length ? origin.get() + offsetsNanos[ticket] : now;
   }
}
