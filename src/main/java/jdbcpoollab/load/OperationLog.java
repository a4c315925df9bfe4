package jdbcpoollab.load;

/** Where a user's loop reports each measured operation, such as Gatling's stats engine; primitives only. */
@FunctionalInterface
public interface OperationLog {
   /** @param error normalised failure message, or null when it succeeded */
   void operation(String requestName, long startMillis, long endMillis, String error);

   /** Tells nothing, for loops that Gatling does not see (plain threads, S1). */
   OperationLog NONE = (requestName, startMillis, endMillis, error) -> {
   };
}
