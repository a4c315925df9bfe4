package jdbcpoollab.pools;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the JDBC action gets its connections: a pool, or a new physical connection each time. Closing a connection
 * obtained here gives it back (pooled) or ends it (unpooled).
 */
public interface ConnectionSource extends AutoCloseable {

   Connection getConnection() throws SQLException;

   @Override
   void close();

   /** Active, idle and waiting right now, for the step's timeline; by default the source cannot tell. */
   default PoolGauge gauge() {
      return PoolGauge.NONE;
   }

   /** Opens a source, ready for load: a pool comes back filled to its minimum. */
   @FunctionalInterface
   interface Opener {
      ConnectionSource open() throws Exception;
   }
}
