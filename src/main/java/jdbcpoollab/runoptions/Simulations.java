package jdbcpoollab.runoptions;

import io.gatling.javaapi.core.Simulation;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.Options;

import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The lab's own simulations, each once with its options' reader: an option that only another of them reads is
 * refused with that simulation's name ({@link ForeignOptions}). Compare and Merge run no load: they write a page or a
 * run folder from earlier runs. A new simulation of the lab's is one line here. A user's own simulation (a class in
 * {@link #PACKAGE}, such as the OrdersSweep example, built on {@link SweepSimulation}) needs no line: it reads the
 * options of the engine it uses.
 */
public final class Simulations {
   /** Where the simulations are, under src/test/java (Gatling's convention). */
   public static final String PACKAGE = "jdbcpoollab.simulations";

   /**
    * One simulation.
    *
    * @param name   its class's simple name in {@link #PACKAGE}, as {@code -Dsim} gives it
    * @param reader  its options' reader, which reads and checks every option it takes
    * @param options the options it takes, with its defaults: those its reader reads
    */
   public record Entry(String name, Function<Options, ?> reader, List<Option<?>> options) {
   }

   /** In the order {@link ForeignOptions} names an option's owner when several read it. */
   public static final List<Entry> ALL = List.of(
         new Entry("PoolSweep", PoolSweepOptions::from, PoolSweepOptions.DECLARED),
         new Entry("CpoolCompare", CpoolCompareOptions::from, CpoolCompareOptions.DECLARED),
         new Entry("Fidelity", FidelityOptions::from, FidelityOptions.DECLARED),
         new Entry("RateSweep", RateSweepOptions::from, RateSweepOptions.DECLARED),
         new Entry("Outage", OutageOptions::from, OutageOptions.DECLARED),
         new Entry("Burst", BurstOptions::from, BurstOptions.DECLARED),
         new Entry("Lifetime", LifetimeOptions::from, LifetimeOptions.DECLARED),
         new Entry("Capture", CaptureOptions::from, CaptureOptions.DECLARED),
         new Entry("Replay", ReplayOptions::from, ReplayOptions.DECLARED),
         new Entry(RunFolderOptions.COMPARE, RunFolderOptions::compared, List.of(Declared.RESULTS, Declared.COMPARE)),
         new Entry(RunFolderOptions.MERGE, RunFolderOptions::merged, List.of(Declared.RESULTS, Declared.MERGE)));

   private Simulations() {
   }

   public static List<String> names() {
      return ALL.stream().map(Entry::name).toList();
   }

   /**
    * The class of the simulation {@code -Dsim} names: one of {@link #ALL} or a user's own in {@link #PACKAGE}; empty
    * when there is no such simulation class.
    */
   public static Optional<Class<? extends Simulation>> type(String name) {
      if (!name.matches("[A-Za-z_$][\\w$]*")) {
         return Optional.empty();
      }
      try {
         Class<?> type = Class.forName(PACKAGE + "." + name, false, Simulations.class.getClassLoader());
         return Simulation.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())
               ? Optional.of(type.asSubclass(Simulation.class)) : Optional.empty();
      } catch (ClassNotFoundException e) {
         return Optional.empty();
      }
   }
}
