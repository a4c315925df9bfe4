package jdbcpoollab.load;

/**
 * A place in a run's list of steps whose step is chosen only as it opens, from the results so far (a search for the
 * knee, settling an answer), or that ends at once when nothing is left to decide: its users then leave without an
 * operation, and nothing is measured. Gatling's plan is fixed before the run; a slot is how a step of it is not.
 */
public final class Slot implements ClosedStep {
   private final String name;
   private final UserThreads threads;
   private volatile Step chosen;

   public Slot(String name, UserThreads threads) {
      this.name = name;
      this.threads = threads;
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public String requestName() {
      return name;
   }

   @Override
   public UserThreads threads() {
      return threads;
   }

   /** The step this slot runs, chosen as its first user enters; before its users start their loops. */
   public void choose(Step step) {
      chosen = step;
   }

   /** The step chosen, or null: none yet, or nothing was left to decide. */
   public Step chosen() {
      return chosen;
   }

   @Override
   public long closedLoop(long userId, Rounds rounds, OperationLog log) {
      Step step = chosen;
      return step == null ? 0 : step.closedLoop(userId, rounds, log);
   }
}
