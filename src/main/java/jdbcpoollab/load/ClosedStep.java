package jdbcpoollab.load;

/**
 * A step its users load in a closed loop, as the lab's actions run it: a {@link Step} of the plan, or a {@link Slot}
 * whose step is chosen as it opens.
 */
public interface ClosedStep extends LoadStep {
   /** The name its scenario and its users' operations are reported under. */
   String requestName();

   /** One user's closed loop on the calling thread, paced by {@code rounds}; the operations that failed. */
   long closedLoop(long userId, Rounds rounds, OperationLog log);

   /** Where a user's loop reports each measured operation, such as Gatling's stats engine; primitives only. */
   @FunctionalInterface
   interface OperationLog {
      /** @param error normalised failure message, or null when it succeeded */
      void operation(String requestName, long startMillis, long endMillis, String error);

      /** Tells nothing, for loops that Gatling does not see (plain threads, S1). */
      OperationLog NONE = (requestName, startMillis, endMillis, error) -> {
      };
   }
}
