package jdbcpoollab.runoptions;

/** Options give durations in seconds; the lab measures in nanoseconds. */
public final class Seconds {
   private Seconds() {
   }

   public static long nanos(double seconds) {
      return (long) (seconds * 1e9);
   }
}
