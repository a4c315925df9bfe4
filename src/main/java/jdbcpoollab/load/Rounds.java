package jdbcpoollab.load;

/**
 * How a user's closed loop is paced: {@code count} rounds, each of at most {@code maxOps} operations for at most
 * {@code workNanos}, with {@code pauseNanos} without any operation after each but the last; never past the step's
 * window.
 */
public record Rounds(int count, long maxOps, long workNanos, long pauseNanos) {
   /** One round for the whole window, as many operations as fit: a steady closed loop. */
   public static final Rounds STEADY = new Rounds(1, Long.MAX_VALUE, Long.MAX_VALUE, 0);

   public Rounds {
      if (count < 1 || maxOps < 1 || workNanos <= 0 || pauseNanos < 0) {
         throw new IllegalArgumentException("rounds, operations and work must be positive, pauses 0 or more");
      }
   }

   /** {@code ops} operations at once, in one round (a burst). */
   public static Rounds operations(long ops) {
      return new Rounds(1, ops, Long.MAX_VALUE, 0);
   }
}
