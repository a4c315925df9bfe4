package jdbcpoollab.engines;

import io.gatling.javaapi.core.PopulationBuilder;
import jdbcpoollab.gatling.Sequence;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.pools.SharedHikari;

import java.util.function.Function;

/** One turn of Fidelity's plan ({@link FidelityEngine#steps}): a task of the bench, the lab's users or the plugin's. */
public sealed interface FidelityTurn {

   /**
    * Adds this turn to the simulation's {@code sequence}: a load of the lab's or the plugin's users, as the simulation
    * builds their population, or a task of the bench.
    */
   void addTo(Sequence sequence, Function<Step, PopulationBuilder> lab, Function<Plugin, PopulationBuilder> plugin);

   /** Blocking work of the bench between two loads: a contender on plain threads, S1, a block's ratios, a line. */
   record Task(String name, Runnable work) implements FidelityTurn {
      @Override
      public void addTo(Sequence sequence, Function<Step, PopulationBuilder> lab,
                        Function<Plugin, PopulationBuilder> plugin) {
         sequence.task(name, work);
      }
   }

   /** The lab's users on a step, as PoolSweep runs them; the lab's protocol opens and closes it. */
   record Lab(Step step) implements FidelityTurn {
      @Override
      public void addTo(Sequence sequence, Function<Step, PopulationBuilder> lab,
                        Function<Plugin, PopulationBuilder> plugin) {
         sequence.load(lab.apply(step));
      }
   }

   /**
    * The plugin's users: its query of {@code sql} in a loop while {@code window} is open, on the pool the plugin
    * opens from {@code pool}'s handed configuration (complete once the run has started).
    */
   record Plugin(String name, String sql, SharedHikari pool, StepRecorder window) implements FidelityTurn {
      /** True while the plugin's users should keep running their query. */
      public boolean running() {
         return window.running(System.nanoTime());
      }

      @Override
      public void addTo(Sequence sequence, Function<Step, PopulationBuilder> lab,
                        Function<Plugin, PopulationBuilder> plugin) {
         sequence.load(plugin.apply(this));
      }
   }
}
