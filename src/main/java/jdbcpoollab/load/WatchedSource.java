package jdbcpoollab.load;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.pools.PoolGauge;

import java.sql.Connection;
import java.sql.SQLException;

/** A connection source whose every getConnection, however it ends, is timed into a {@link FaultRecorder}. */
public final class WatchedSource implements ConnectionSource {
   private final ConnectionSource source;
   private final FaultRecorder recorder;

   public WatchedSource(ConnectionSource source, FaultRecorder recorder) {
      this.source = source;
      this.recorder = recorder;
   }

   @Override
   public Connection getConnection() throws SQLException {
      recorder.acquiring();
      long start = System.nanoTime();
      try {
         Connection connection = source.getConnection();
         recorder.acquired(start, System.nanoTime(), null);
         return connection;
      } catch (SQLException | RuntimeException e) {
         recorder.acquired(start, System.nanoTime(), ErrorMessages.normalise(e));
         throw e;
      }
   }

   @Override
   public PoolGauge gauge() {
      return source.gauge();
   }

   @Override
   public void close() {
      source.close();
   }
}
