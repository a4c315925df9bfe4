package jdbcpoollab.runoptions;

import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each simulation's list of options is what its reader reads: the refusal of another's option rests on the lists. */
class DeclaredOptionsTest {
   @Test
   void eachSimulationDeclaresTheOptionsItsReaderReads() {
      for (Simulations.Entry simulation : Simulations.ALL) {
         Set<String> declared = new TreeSet<>(simulation.options().stream().map(Option::name).toList());
         assertEquals(namesReadBy(simulation), declared, simulation.name());
         assertEquals(declared.size(), simulation.options().size(), simulation.name() + " declares a name twice");
      }
   }

   /** The names a reader asks for on no options at all (one that needs an option asked for the names before it). */
   private static Set<String> namesReadBy(Simulations.Entry simulation) {
      Options none = new Options(new Properties(), Map.of());
      try {
         simulation.reader().apply(none);
      } catch (OptionException | IllegalStateException e) {
         // a reader that needs an option to be given still asked for the names before it
      }
      return new TreeSet<>(none.asked());
   }
}
