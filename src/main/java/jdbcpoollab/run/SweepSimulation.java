package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.workloads.OwnWorkload;

import java.util.function.Supplier;

/**
 * A simulation of your own that sweeps pools over a workload of your own (see the OrdersSweep example): the sweep
 * starts before Gatling's load and finishes after it, so that the simulation holds its workload and its setUp only.
 */
public abstract class SweepSimulation extends Simulation {
   private PoolSweepEngine sweep;

   /**
    * The sweep over the workload {@code workload} builds, at every pool size, for {@code users} users unless
    * {@code -Dusers} says otherwise; PoolSweep's other options. Called once, by the simulation's field.
    */
   protected final PoolSweepEngine sweep(Supplier<OwnWorkload> workload, int users) {
      if (sweep != null) {
         throw new IllegalStateException("a simulation sweeps once");
      }
      sweep = PoolSweepEngine.of(this, workload, users);
      return sweep;
   }

   @Override
   public final void before() {
      sweep.start();
   }

   @Override
   public final void after() {
      sweep.finish();
   }
}
