package jdbcpoollab.run;

import jdbcpoollab.options.Options;
import jdbcpoollab.pools.PoolLibraries;
import jdbcpoollab.pools.PoolLibrary;

import java.util.List;

/** {@code -Dsource} of the scenarios beyond steady state: pool libraries of the registry, all of them by default. */
final class FaultSources {
   private FaultSources() {
   }

   static List<PoolLibrary> from(Options o) {
      List<String> names = PoolLibraries.DEFAULT.names();
      return o.choices("source", String.join(",", names), names).stream().map(PoolLibraries.DEFAULT::named).toList();
   }
}
