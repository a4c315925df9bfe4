package jdbcpoollab.run;

import io.gatling.javaapi.core.OpenInjectionStep;
import jdbcpoollab.load.OpenStep;
import jdbcpoollab.runoptions.SimulationOptions;

import java.util.List;

/**
 * An experiment of the open model (RateSweep, Replay): each of a step's users is one request, and they arrive when
 * the experiment says, whether the earlier ones have been served or not.
 *
 * @param <O> the experiment's options
 */
public interface OpenExperiment<O extends SimulationOptions> extends Experiment<O, OpenStep> {
   /** When the step's users arrive, as Gatling injects them. */
   List<OpenInjectionStep> arrivals(OpenStep step);
}
