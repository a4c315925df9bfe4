package jdbcpoollab.load;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each of a step's arrivals is due: a replay's captured times, or a rate's drawn in advance. Gatling brings the
 * users a second's worth at a time ({@link #perSecond()}), before they are due, and each takes the next time here
 * and waits for it: one injection step per captured arrival would cost Gatling's injector
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
      this(offsetsMicros.stream().mapToLong(m -> m * 1000).toArray());
   }

   private ArrivalSchedule(long[] offsetsNanos) {
      this.offsetsNanos = offsetsNanos;
      for (int i = 1; i < offsetsNanos.length; i++) {
         if (offsetsNanos[i] < offsetsNanos[i - 1]) {
            throw new IllegalArgumentException("arrival " + i + " is before the one ahead of it");
         }
      }
   }

   /**
    * Arrivals at {@code rate} a second for {@code during}, at random times: {@code rate} times its seconds of them,
    * each at a time drawn uniformly over it (a Poisson process of that many arrivals), as Gatling's randomized
    * {@code constantUsersPerSec} spreads its users. Each is timed from its drawn time, so a user Gatling starts late
    * is late in the lab's numbers too, as an application's request that waited is.
    */
   public static ArrivalSchedule atRandom(double rate, Duration during, RandomGenerator random) {
      long spanNanos = during.toNanos();
      long[] offsets = new long[(int) Math.round(rate * spanNanos / 1e9)];
      for (int i = 0; i < offsets.length; i++) {
         offsets[i] = (long) (random.nextDouble() * spanNanos);
      }
      Arrays.sort(offsets);
      return new ArrivalSchedule(offsets);
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
