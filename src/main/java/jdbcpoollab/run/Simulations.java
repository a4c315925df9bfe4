package jdbcpoollab.run;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The simulations the lab runs, each once: {@code -Dsim} is looked up here, and an option that only another
 * simulation reads is refused with that simulation's name ({@link ForeignOptions}). A new simulation is one line.
 */
public final class Simulations {
   /** Where the simulations are, under src/test/java (Gatling's convention). */
   public static final String PACKAGE = "jdbcpoollab.simulations";

   /**
    * One simulation.
    *
    * @param name   its class's simple name in {@link #PACKAGE}, as {@code -Dsim} gives it
    * @param reader its options' reader, which reads and checks every option it takes
    */
   public record Entry(String name, Function<Options, SimulationOptions> reader) {
   }

   /** In the order {@link ForeignOptions} names an option's owner when several read it. */
   public static final List<Entry> ALL = List.of(
         new Entry("PoolSweep", SweepOptions::from),
         new Entry("CpoolCompare", CompareOptions::from),
         new Entry("Fidelity", FidelityOptions::from),
         new Entry("RateSweep", RateSweepOptions::from),
         new Entry("Outage", OutageOptions::from));

   private Simulations() {
   }

   public static List<String> names() {
      return ALL.stream().map(Entry::name).toList();
   }

   /** The class of the simulation {@code -Dsim} names, empty when it names none of {@link #ALL}. */
   static Optional<Class<? extends Simulation>> type(String name) throws ClassNotFoundException {
      if (!names().contains(name)) {
         return Optional.empty();
      }
      return Optional.of(Class.forName(PACKAGE + "." + name, false, Simulations.class.getClassLoader())
            .asSubclass(Simulation.class));
   }
}
