package jdbcpoollab.runoptions;

import jdbcpoollab.workloads.Workload;

/**
 * The options of a scenario beyond steady state (Outage, Burst, Lifetime): its sources and the one workload each
 * runs.
 */
public interface FaultOptions extends SimulationOptions {
   Workload workload();
}
