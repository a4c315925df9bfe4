package jdbcpoollab.load;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.workloads.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/** A workload whose every operation on its connection, completed or failed, is counted into a {@link FaultRecorder}. */
public record WatchedWorkload(Workload workload, FaultRecorder recorder) implements Workload {

   @Override
   public String name() {
      return workload.name();
   }

   @Override
   public String statement() {
      return workload.statement();
   }

   @Override
   public void run(Connection connection) throws SQLException {
      try {
         workload.run(connection);
         recorder.completed();
      } catch (SQLException | RuntimeException e) {
         recorder.failed("statement", ErrorMessages.normalise(e), System.nanoTime());
         throw e;
      }
   }

   @Override
   public boolean readOnly() {
      return workload.readOnly();
   }

   @Override
   public Map<String, Object> settings() {
      return workload.settings();
   }
}
