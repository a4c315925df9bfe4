package jdbcpoollab.pools;

import jdbcpoollab.db.Database;

/** No pool: a new physical connection per operation, the baseline pooling is measured against. */
final class NoPool implements PoolLibrary {

   @Override
   public String name() {
      return "none";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) {
      return new UnpooledSource(database);
   }

   @Override
   public boolean pooled() {
      return false;
   }

   @Override
   public String describeFixedSize() {
      return "none (a new connection per operation)";
   }
}
