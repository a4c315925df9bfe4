package jdbcpoollab.runoptions;

import jdbcpoollab.db.Target;
import jdbcpoollab.pools.PoolLibrary;

import java.util.List;
import java.util.Map;

/**
 * A simulation's options: its own, and the shared ones through its {@link CommonOptions}, which the engines read as
 * if they were its own. A shared option the simulation does not take reads 0 or empty.
 */
public interface SimulationOptions {
   CommonOptions common();

   default Target target() {
      return common().target();
   }

   default int connectionTimeoutMs() {
      return common().connectionTimeoutMs();
   }

   default int users() {
      return common().users();
   }

   default List<Integer> pools() {
      return common().pools();
   }

   default int largestPool() {
      return common().largestPool();
   }

   default double seconds() {
      return common().seconds();
   }

   default double warmup() {
      return common().warmup();
   }

   default double recoverSeconds() {
      return common().recoverSeconds();
   }

   default List<PoolLibrary> sources() {
      return common().sources();
   }

   default Map<String, String> serverOptions() {
      return common().serverOptions();
   }
}
