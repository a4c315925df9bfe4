package jdbcpoollab.jdbc;

import jdbcpoollab.stats.StepRecorder;
import jdbcpoollab.stats.StepResult;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One workload at one pool size: opens its connection source, runs the statement for every user operation while
 * its window is open, times each phase, and closes the source.
 */
public final class Step {
   private final String workload;
   private final String requestName;
   private final int pool;
   private final String sql;
   private final SharedSource source;
   private final StepRecorder recorder;

   public Step(String workload, String requestName, int pool, String sql, ConnectionSource.Opener opener,
               StepRecorder recorder) {
      this.workload = workload;
      this.requestName = requestName;
      this.pool = pool;
      this.sql = sql;
      this.source = new SharedSource(opener);
      this.recorder = recorder;
   }

   public String workload() {
      return workload;
   }

   public String requestName() {
      return requestName;
   }

   public int pool() {
      return pool;
   }

   /**
    * Called by every user as it arrives: the first one opens the source while the others wait for it, so the load
    * starts on a filled pool. On failure the step is stopped and the reason kept.
    *
    * @return true for the one user that opened the source
    */
   public boolean enter() {
      boolean first = source.enter(() -> { });
      if (first && source.openFailure() != null) {
         recorder.stop(System.nanoTime());
      }
      return first;
   }

   /** How long opening (and filling) the source took. */
   public long openNanos() {
      return source.openNanos();
   }

   /** Called by every user as it leaves; true for the last of {@code users}, who should close the step. */
   public boolean leave(int users) {
      return source.leave(users);
   }

   /** Why the source could not be opened, or null. */
   public String openFailure() {
      return source.openFailure();
   }

   /** Users keep looping while this holds. */
   public boolean running() {
      return source.get() != null && recorder.running(System.nanoTime());
   }

   /** Stops the step early: users finish their current operation and leave. */
   public void stop() {
      recorder.stop(System.nanoTime());
   }

   /** One operation: acquire a connection, run the statement and read every row, give the connection back. */
   public Outcome execute(long userId) {
      long startMillis = System.currentTimeMillis();
      long start = System.nanoTime();
      recorder.begin(userId, start);
      Phases op = Phases.run(source.get(), start, this::run);
      boolean measured = recorder.record(userId, op.acquireNanos(), op.useNanos(), op.totalNanos(), op.end(),
            op.error());
      return measured ? op.outcome(requestName, startMillis) : null;
   }

   private void run(Connection connection) throws SQLException {
      try (PreparedStatement statement = connection.prepareStatement(sql)) {
         if (statement.execute()) {
            try (ResultSet rows = statement.getResultSet()) {
               while (rows.next()) {
                  rows.getObject(1);
               }
            }
         }
      }
   }

   /**
    * Closes the source and returns what the step measured; null when the step never started or was closed before.
    */
   public StepResult close() {
      long now = System.nanoTime();
      return source.close() ? recorder.result(now) : null;
   }
}
