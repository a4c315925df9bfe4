package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.runoptions.SimulationOptions;

import java.time.Duration;
import java.util.List;

/**
 * An experiment of the lab, as the simulation that hosts it ({@link LabSimulation#host}) sees it: its options read
 * and checked and its steps planned as it is built, started before Gatling's load and finished after it. A
 * simulation is its plan over this contract: the steps, the protocol that opens and closes each step's pool, the
 * gates as assertions and the run's budget; an experiment of the open model also says when each step's users arrive
 * ({@link OpenExperiment}).
 *
 * @param <O> the experiment's options
 * @param <S> its steps, in the order they run
 */
public interface Experiment<O extends SimulationOptions, S> extends LabRun {
   O options();

   /** The steps, in the order they run. */
   List<S> steps();

   /** The protocol that opens each step's pool before its users load it and closes it once they have left. */
   PoolProtocol pools();

   /** The gates, as Gatling assertions. */
   List<Assertion> assertions();

   /** The longest the run may take, Gatling's {@code maxDuration}: made by {@link Budget}. */
   Duration maxDuration();
}
