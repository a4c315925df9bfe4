package jdbcpoollab.pools;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A fleet: N instances of one application in one JVM, each with a pool of its own, against one database. Each user
 * is on one instance for its whole loop, given round robin in the order the users arrive ({@link #of(int)}); the
 * gauge sums the instances' pools.
 */
public final class InstancePools implements ConnectionSource {
   private final List<ConnectionSource> instances;

   private InstancePools(List<ConnectionSource> instances) {
      this.instances = instances;
   }

   /** Opens one pool per instance, in order; when one fails, those already open are closed. */
   public static InstancePools open(List<Opener> openers) throws Exception {
      List<ConnectionSource> open = new ArrayList<>();
      try {
         for (Opener opener : openers) {
            open.add(opener.open());
         }
      } catch (Exception e) {
         open.forEach(ConnectionSource::close);
         throw e;
      }
      return new InstancePools(List.copyOf(open));
   }

   /** The pool of the instance the {@code arrival}-th user (from 0) of the step is on. */
   public ConnectionSource of(int arrival) {
      return instances.get(Math.floorMod(arrival, instances.size()));
   }

   public int size() {
      return instances.size();
   }

   /** A connection of the first instance's pool, for a caller that names no user. */
   @Override
   public Connection getConnection() throws SQLException {
      return instances.get(0).getConnection();
   }

   /** Every instance's pool added up; a part some pool cannot tell is -1, a pool that cannot tell at all null. */
   @Override
   public PoolGauge gauge() {
      List<PoolGauge> gauges = instances.stream().map(ConnectionSource::gauge).toList();
      return () -> {
         int active = 0;
         int idle = 0;
         int waiting = 0;
         for (PoolGauge gauge : gauges) {
            PoolGauge.Reading r = gauge.read();
            if (r == null) {
               return null;
            }
            active = sum(active, r.active());
            idle = sum(idle, r.idle());
            waiting = sum(waiting, r.waiting());
         }
         return new PoolGauge.Reading(active, idle, waiting);
      };
   }

   private static int sum(int total, int part) {
      return total < 0 || part < 0 ? -1 : total + part;
   }

   /** Closes every instance's pool, the first failure thrown after all were tried. */
   @Override
   public void close() {
      ConnectionSource.closeAll(instances);
   }
}
