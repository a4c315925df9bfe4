package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;

/**
 * A simulation over the lab's engine: the experiment it hosts starts before Gatling's load and finishes after it, so
 * that the simulation holds its parameters, chains, scenario and setUp only.
 */
public abstract class LabSimulation extends Simulation {
   private Experiment<?, ?> run;

   /** The experiment this simulation hosts; called once, by the simulation's field. */
   protected final <E extends Experiment<?, ?>> E host(E experiment) {
      if (run != null) {
         throw new IllegalStateException("a simulation hosts one run");
      }
      run = experiment;
      return experiment;
   }

   @Override
   public final void before() {
      run.start();
   }

   @Override
   public final void after() {
      run.finish();
   }
}
