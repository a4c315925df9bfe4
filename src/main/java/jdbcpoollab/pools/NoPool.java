package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

/**
 * No pool: a new physical connection per operation, the baseline pooling is measured against. A shape with a maximum
 * (PoolSweep's pool size) limits how many are open at once; CpoolCompare's shape has none.
 */
final class NoPool implements PoolLibrary {

   @Override
   public String name() {
      return "none";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) {
      return shape.max() > 0 ? new LimitedUnpooledSource(database, shape.max(), shape.acquireTimeoutMs())
            : new UnpooledSource(database);
   }

   @Override
   public boolean pooled() {
      return false;
   }

   @Override
   public String describeFixedSize() {
      return "none (a new connection per operation, at most pool at once)";
   }

   @Override
   public String describeTimes() {
      return "none (a new connection per operation, at most max at once: no idle timeout, lifetime or keepalive)";
   }
}
