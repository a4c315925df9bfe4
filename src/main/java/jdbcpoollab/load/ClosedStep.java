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
}
