package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Map;

/** Builds one kind of workload from its own options. */
public interface WorkloadType {

   /** The name of the workloads it builds. */
   String name();

   /**
    * Reads this type's options, on every run whether chosen or not (so that a misspelt one is still recognised), and
    * builds its workload for {@code dialect}. The registry keeps the workload when chosen and records its settings
    * either way.
    *
    * @param chosen the workloads {@code -Dworkloads} names, in order
    * @return the workload, or null when it cannot be built without being chosen
    */
   Workload create(Dialect dialect, Options options, List<String> chosen);

   /** True for a type built of the others' workloads (a mix): the registry builds it after them. */
   default boolean composite() {
      return false;
   }

   /**
    * As {@link #create(Dialect, Options, List)}, for a {@link #composite} type: {@code others} holds the workloads
    * of every other type the registry could build, by name.
    */
   default Workload create(Dialect dialect, Options options, List<String> chosen, Map<String, Workload> others) {
      return create(dialect, options, chosen);
   }
}
