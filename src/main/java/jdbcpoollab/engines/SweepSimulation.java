package jdbcpoollab.engines;

import jdbcpoollab.workloads.OwnWorkload;

import java.util.function.Supplier;
import jdbcpoollab.run.LabSimulation;

/**
 * A simulation of your own that sweeps pools over a workload of your own (see the OrdersSweep example): the sweep
 * starts before Gatling's load and finishes after it, so that the simulation holds its workload and its setUp only.
 */
public abstract class SweepSimulation extends LabSimulation {

   /**
    * The sweep over the workload {@code workload} builds, at every pool size, for {@code users} users unless
    * {@code -Dusers} says otherwise; PoolSweep's other options. Called once, by the simulation's field.
    */
   protected final PoolSweepEngine sweep(Supplier<OwnWorkload> workload, int users) {
      return host(PoolSweepEngine.of(this, workload, users));
   }
}
