package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.util.List;

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
}
