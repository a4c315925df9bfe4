package jdbcpoollab.pools;

import jdbcpoollab.db.Database;
import com.zaxxer.hikari.util.DriverDataSource;
import org.vibur.dbcp.ViburDBCPDataSource;

import java.util.Properties;

/**
 * Vibur DBCP: poolInitialSize = poolMaxSize = pool, a fair pool, connectionTimeoutInMs the acquire timeout, and its
 * default validation: a connection idle longer than connectionIdleLimitInSeconds (5 s, or the keepalive) is checked
 * with {@code isValid} when taken. Its documentation recommends no values beyond its defaults: both profiles are the
 * same.
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
      // Vibur's own driver connector puts the user into the driver's Properties, which refuse null: with the user
      // only in the URL it would fail, so it connects through a data source that leaves out what is not given
      dataSource.setExternalDataSource(new DriverDataSource(database.url(), null, new Properties(), database.user(),
            database.password()));
      dataSource.setPoolInitialSize(shape.min());
      dataSource.setPoolMaxSize(shape.max());
      dataSource.setPoolFair(true);
      dataSource.setConnectionTimeoutInMs(shape.acquireTimeoutMs());
      dataSource.setEnableJMX(false);
      if (shape.times().keepaliveMs() > 0) {
         dataSource.setConnectionIdleLimitInSeconds(PoolTimes.seconds(shape.times().keepaliveMs()));
      }
      if (shape.times().idleTimeoutMs() > 0) {
         dataSource.setReducerTimeIntervalInSeconds(PoolTimes.seconds(shape.times().idleTimeoutMs()));
      }
      return PoolFill.started(new DataSourcePool(dataSource, dataSource::close), dataSource::start,
            () -> dataSource.getPool().createdTotal(), shape, database);
   }

   @Override
   public String describeFixedSize() {
      return "vibur (poolInitialSize = poolMaxSize = pool)";
   }

   @Override
   public String describeTimes() {
      return "vibur (poolInitialSize, poolMaxSize, idle timeout as reducerTimeIntervalInSeconds, keepalive as"
            + " connectionIdleLimitInSeconds, rounded up; Vibur has no maximum lifetime and no background keepalive: a"
            + " connection idle longer is validated when taken)";
   }

}
