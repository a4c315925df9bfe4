package jdbcpoollab.load;

/**
 * A step of a run's plan as the lab's Gatling protocol and actions take it (a closed {@link Step}, an
 * {@link OpenStep} of arrivals, a CpoolCompare {@link Batch}): what the protocol opens and closes it by, the name
 * its users' actions and the protocol's messages give it, and what its users' work runs on.
 */
public interface LoadStep {
   /** The step's name: its scenario's in Gatling's report, and the protocol's when it opens or closes it. */
   String name();

   /** What its users' work runs on: their own threads of a closed loop, or an open step's request threads. */
   UserThreads threads();
}
