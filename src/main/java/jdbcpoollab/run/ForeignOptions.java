package jdbcpoollab.run;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Refuses an option of another simulation that this one does not read, such as {@code -Dpools} with CpoolCompare:
 * left alone it would be silently ignored, and the run would not be the one asked for.
 */
final class ForeignOptions {
   private ForeignOptions() {
   }

   /** @param options the options {@code simulation} has read its own from */
   static void reject(String simulation, Options options) {
      for (Simulations.Entry other : Simulations.ALL) {
         if (other.name().equals(simulation)) {
            continue;
         }
         Set<String> theirs = new TreeSet<>(namesReadBy(other.reader()));
         theirs.removeAll(options.asked());
         for (String name : theirs) {
            String value = options.given(name);
            if (value != null && !options.nearMissOfAsked(name)) {
               throw new OptionException("option -D" + name + "=" + value + " is " + other.name() + "'s; "
                     + simulation + " does not read it: leave it out or run -Dsim=" + other.name());
            }
         }
      }
   }

   /** The names a simulation's option reader reads, learnt by running it on no options at all. */
   private static Set<String> namesReadBy(Function<Options, ?> reader) {
      Options none = new Options(new Properties(), Map.of());
      try {
         reader.apply(none);
      } catch (OptionException | IllegalStateException e) {
         // a reader that needs an option to be given still asked for the names before it
      }
      return none.asked();
   }
}
