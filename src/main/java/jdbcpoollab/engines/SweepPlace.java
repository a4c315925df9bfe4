package jdbcpoollab.engines;

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
import java.util.stream.IntStream;
import jdbcpoollab.run.Lab;
import jdbcpoollab.runoptions.PoolSweepOptions;

/** Where a step sits in PoolSweep's plan, and how its source reaches the database. */
public record SweepPlace(Workload workload, int rtt, boolean split, int instances, int pool, PoolLibrary source,
                  Driver driver, DriverProps props, int pass) {

   /**
    * Every step of the sweep in the order they run, the product of its axes ({@link #axes}): passes interleaved
    * (every pool, then every pool again), so that drift hits every pool alike; within a pool size every source
    * (driver, driver properties) in turn. A mix is measured with a pool per kind too only when it is split.
    */
   public static List<SweepPlace> plan(PoolSweepOptions options) {
      return plan(options, axes(options));
   }

   /**
    * The sweep's series: every step of one pass without its pool size (0), in the order they run. Steps chosen while
    * the run goes (a search, settling) are a series' place at a pool size.
    */
   public static List<SweepPlace> series(PoolSweepOptions options) {
      return plan(options, axes(options, List.of(0), 1));
   }

   /** This place at pool size {@code pool}, in pass {@code pass}. */
   SweepPlace at(int pool, int pass) {
      return new SweepPlace(workload, rtt, split, instances, pool, source, driver, props, pass);
   }

   private static List<SweepPlace> plan(PoolSweepOptions options, Axes axes) {
      return axes.product().stream().map(at -> new SweepPlace(at.get("workload", Workload.class),
                  at.get("rttMs", Integer.class), at.get("split", Boolean.class), at.get("instances", Integer.class),
                  at.get("pool", Integer.class), at.get("source", PoolLibrary.class), at.get("driver", Driver.class),
                  at.get("props", DriverProps.class), at.get("repetition", Integer.class)))
            .filter(place -> !place.split() || options.split(place.workload())).toList();
   }

   /** What the sweep goes over, outermost first; a driver or driver properties not given are one null value. */
   static Axes axes(PoolSweepOptions options) {
      return axes(options, options.pools(), options.repeat());
   }

   private static Axes axes(PoolSweepOptions options, List<Integer> pools, int passes) {
      return new Axes()
            .axis("repetition", IntStream.rangeClosed(1, passes).boxed().toList())
            .axis("rttMs", options.rttMs())
            .axis("workload", options.workloads())
            .axis("split", List.of(false, true))
            .axis("instances", options.instances())
            .axis("pool", pools)
            .axis("source", options.sources())
            .axis("driver", options.drivers().isEmpty() ? Arrays.asList((Driver) null) : options.drivers())
            .axis("props", options.driverProps().isEmpty() ? Arrays.asList((DriverProps) null)
                  : options.driverProps());
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
