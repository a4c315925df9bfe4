package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import org.vibur.dbcp.ViburDBCPDataSource;

/**
 * Vibur DBCP: poolInitialSize = poolMaxSize = pool, a fair pool, connectionTimeoutInMs the acquire timeout, and its
 * default validation: a connection idle longer than connectionIdleLimitInSeconds (5 s) is checked with
 * {@code isValid} when taken.
 */
final class Vibur implements PoolLibrary {

   @Override
   public String name() {
      return "vibur";
   }

   @Override
   public ConnectionSource open(Database database, PoolShape shape) throws Exception {
      ViburDBCPDataSource dataSource = new ViburDBCPDataSource();
      dataSource.setName(shape.poolName());
      dataSource.setJdbcUrl(database.url());
      dataSource.setUsername(database.user());
      dataSource.setPassword(database.password());
      dataSource.setPoolInitialSize(shape.min());
      dataSource.setPoolMaxSize(shape.max());
      dataSource.setPoolFair(true);
      dataSource.setConnectionTimeoutInMs(shape.acquireTimeoutMs());
      dataSource.setEnableJMX(false);
      return PoolFill.started(new DataSourcePool(dataSource, dataSource::close), dataSource::start,
            () -> dataSource.getPool().createdTotal(), shape, database);
   }

   @Override
   public String describeFixedSize() {
      return "vibur (poolInitialSize = poolMaxSize = pool)";
   }

}
