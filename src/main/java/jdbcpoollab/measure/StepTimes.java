package jdbcpoollab.measure;

/**
 * A step's latencies inside its window.
 *
 * @param acquire connection acquire wait of every operation in the window, failed ones included
 * @param query   statement time (prepare, execute, read all rows) of successful operations
 * @param total   acquire + query + release of successful operations
 */
public record StepTimes(Timing acquire, Timing query, Timing total) {
   /** No operation timed. */
   public static final StepTimes EMPTY = new StepTimes(Timing.EMPTY, Timing.EMPTY, Timing.EMPTY);

   /** Parts an older summary did not record read back as empty. */
   public StepTimes {
      acquire = acquire == null ? Timing.EMPTY : acquire;
      query = query == null ? Timing.EMPTY : query;
      total = total == null ? Timing.EMPTY : total;
   }
}
