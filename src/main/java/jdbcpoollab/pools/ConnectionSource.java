package jdbcpoollab.pools;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

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

   /** Closes every one of {@code sources}, the first failure thrown after all were tried. */
   static void closeAll(Collection<? extends ConnectionSource> sources) {
      List<RuntimeException> failures = new ArrayList<>();
      for (ConnectionSource source : sources) {
         try {
            source.close();
         } catch (RuntimeException e) {
            failures.add(e);
         }
      }
      if (!failures.isEmpty()) {
         throw failures.get(0);
      }
   }

   /** Opens a source, ready for load: a pool comes back filled to its minimum. */
   @FunctionalInterface
   interface Opener {
      ConnectionSource open() throws Exception;
   }
}
