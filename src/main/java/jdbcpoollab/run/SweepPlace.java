package jdbcpoollab.run;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.Driver;
import jdbcpoollab.db.DriverProps;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.InstancePools;
import jdbcpoollab.pools.KindSources;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.workloads.Workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where a step sits in PoolSweep's plan, and how its source reaches the database. */
record SweepPlace(Workload workload, int rtt, boolean split, int instances, int pool, PoolLibrary source,
                  Driver driver, DriverProps props, int pass) {

   /**
    * Every step of the sweep in the order they run: passes interleaved (every pool, then every pool again), so that
    * drift hits every pool alike; within a pool size every source (driver, driver properties) in turn.
    */
   static List<SweepPlace> plan(PoolSweepOptions options) {
      List<Driver> drivers = options.drivers().isEmpty() ? Arrays.asList((Driver) null) : options.drivers();
      List<DriverProps> sets = options.driverProps().isEmpty() ? Arrays.asList((DriverProps) null)
            : options.driverProps();
      List<SweepPlace> plan = new ArrayList<>();
      for (int pass = 1; pass <= options.repeat(); pass++) {
         for (int rtt : options.rttMs()) {
            for (Workload workload : options.workloads()) {
               for (boolean split : options.split(workload) ? List.of(false, true) : List.of(false)) {
                  for (int instances : options.instances()) {
                     for (int pool : options.pools()) {
                        for (PoolLibrary source : options.sources()) {
                           for (Driver driver : drivers) {
                              for (DriverProps props : sets) {
                                 plan.add(new SweepPlace(workload, rtt, split, instances, pool, source, driver, props,
                                       pass));
                              }
                           }
                        }
                     }
                  }
               }
            }
         }
      }
      return plan;
   }

   /**
    * The database as this step reaches it: through its round trip's proxy, with its driver and its properties, and
    * read-only sessions for a read-only workload.
    */
   Database database(Lab lab) {
      Database database = driver == null ? lab.database(rtt) : lab.database(rtt).through(driver);
      database = props == null ? database : database.with(props);
      return workload.readOnly() ? database.readOnly() : database;
   }

   /**
    * Opens the step's source: one pool of its size, with instances one such pool per instance, or with split pools
    * one per kind of its mix.
    */
   ConnectionSource open(Database database, String poolName, int connectionTimeoutMs) throws Exception {
      if (instances > 1) {
         List<ConnectionSource.Opener> fleet = new ArrayList<>();
         for (int i = 1; i <= instances; i++) {
            String name = poolName + "-i" + i;
            fleet.add(() -> openOne(database, name, connectionTimeoutMs));
         }
         return InstancePools.open(fleet);
      }
      if (!split) {
         return openOne(database, poolName, connectionTimeoutMs);
      }
      Map<String, ConnectionSource.Opener> perKind = new LinkedHashMap<>();
      workload.kinds().forEach(kind -> perKind.put(kind.name(), () -> source.open(database,
            new PoolShape(poolName + "-" + kind.name(), pool, pool, connectionTimeoutMs, kind.readOnly()))));
      return KindSources.open(perKind);
   }

   /** One pool of the step's size for its whole workload, split or not. */
   ConnectionSource openOne(Database database, String poolName, int connectionTimeoutMs) throws Exception {
      return source.open(database, new PoolShape(poolName, pool, pool, connectionTimeoutMs, workload.readOnly()));
   }
}
