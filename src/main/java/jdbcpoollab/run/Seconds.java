package jdbcpoollab.run;

/** Options give durations in seconds; the lab measures in nanoseconds. */
final class Seconds {
   private Seconds() {
   }

   static long nanos(double seconds) {
      return (long) (seconds * 1e9);
   }
}
