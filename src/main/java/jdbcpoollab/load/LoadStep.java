package jdbcpoollab.load;

/**
 * A step of a run's plan as the lab's Gatling protocol and actions take it: a closed {@link Step}, an
 * {@link OpenStep} of arrivals or a CpoolCompare {@link Batch}. The protocol keeps each one's life under it (its
 * engine says what opening and closing it mean) and names it; the actions run its users on its kind of thread.
 */
public interface LoadStep {
   /** The step's name: its scenario's in Gatling's report, and the protocol's when it opens or closes it. */
   String name();

   /** What its users' work runs on: their own threads of a closed loop, or an open step's request threads. */
   UserThreads threads();
}
