package jdbcpoollab.runoptions;

import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses an option of another simulation that this one does not read, such as {@code -Dpools} with CpoolCompare:
 * left alone it would be silently ignored, and the run would not be the one asked for.
 */
public final class ForeignOptions {
   private ForeignOptions() {
   }

   /**
    * Refuses another simulation's option and any unknown one (a misspelt name) that {@code simulation} did not read.
    *
    * @param options the options {@code simulation} has read its own from
    */
   public static void rejectAllBut(String simulation, Options options) {
      reject(simulation, options);
      options.rejectUnknown(simulation);
   }

   private static void reject(String simulation, Options options) {
      for (Simulations.Entry other : Simulations.ALL) {
         if (other.name().equals(simulation)) {
            continue;
         }
         Set<String> theirs = new TreeSet<>(other.options().stream().map(Option::name).toList());
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
}
