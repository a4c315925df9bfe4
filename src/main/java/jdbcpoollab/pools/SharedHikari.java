package jdbcpoollab.pools;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import jdbcpoollab.db.Database;

import java.sql.SQLException;
import java.util.concurrent.TimeoutException;

/**
 * The one HikariCP configuration that Fidelity's contenders share: the registry's ({@link HikariCp}, whose pools
 * {@link HikariSource#config} configures), with a metrics tracker of the caller's where one counts the connections
 * given back. A pool is opened here and filled before the load ({@link #open}), or its configuration is handed to a
 * tool that opens the pool itself: an instance, empty until {@link #fill}, so that it can be handed over before the
 * database is known.
 */
public final class SharedHikari {
   private final HikariConfig handed = new HikariConfig();

   /** Opens a pool of {@code shape} on {@code database}, filled to its minimum; {@code tracker} null: none. */
   public static ConnectionSource open(Database database, PoolShape shape, MetricsTrackerFactory tracker)
         throws SQLException, TimeoutException {
      return HikariSource.open(database, config(database, shape, tracker));
   }

   /** The configuration handed to the tool; complete once {@link #fill} has run. */
   public HikariConfig handed() {
      return handed;
   }

   /** Completes the handed configuration with the pool of {@code shape} on {@code database}, as {@link #open} would. */
   public void fill(Database database, PoolShape shape, MetricsTrackerFactory tracker) {
      config(database, shape, tracker).copyStateTo(handed);
   }

   private static HikariConfig config(Database database, PoolShape shape, MetricsTrackerFactory tracker) {
      HikariConfig config = HikariSource.config(database, shape);
      if (tracker != null) {
         config.setMetricsTrackerFactory(tracker);
      }
      return config;
   }
}
