package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;

/**
 * A simulation over the lab's engine: the run it hosts starts before Gatling's load and finishes after it, so that
 * the simulation holds its parameters, chains, scenario and setUp only.
 */
public abstract class LabSimulation extends Simulation {
   private LabRun run;

   /** The run this simulation hosts; called once, by the simulation's field. */
   protected final <R extends LabRun> R host(R labRun) {
      if (run != null) {
         throw new IllegalStateException("a simulation hosts one run");
      }
      run = labRun;
      return labRun;
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
