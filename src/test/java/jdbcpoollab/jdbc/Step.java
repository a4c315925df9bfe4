package jdbcpoollab.jdbc;

import jdbcpoollab.stats.StepRecorder;
import jdbcpoollab.stats.StepResult;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One workload at one pool size: opens its connection source, runs the statement for every user operation while
 * its window is open, times each phase, and closes the source.
 */
public final class Step {
   private final String workload;
   private final String requestName;
   private final int pool;
   private final String sql;
   private final ConnectionSource.Opener opener;
   private final StepRecorder recorder;
   private final AtomicInteger left = new AtomicInteger();
   private boolean entered;
   private boolean closed;
   private volatile ConnectionSource source;
   private volatile String openFailure;
   private volatile long openNanos;

   public Step(String workload, String requestName, int pool, String sql, ConnectionSource.Opener opener,
               StepRecorder recorder) {
      this.workload = workload;
      this.requestName = requestName;
      this.pool = pool;
      this.sql = sql;
      this.opener = opener;
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
   public synchronized boolean enter() {
      if (entered) {
         return false;
      }
      entered = true;
      long start = System.nanoTime();
      try {
         source = opener.open();
      } catch (Exception e) {
         openFailure = ErrorMessages.normalise(e);
         recorder.stop(System.nanoTime());
      }
      openNanos = System.nanoTime() - start;
      return true;
   }

   /** How long opening (and filling) the source took. */
   public long openNanos() {
      return openNanos;
   }

   /** Called by every user as it leaves; true for the last of {@code users}, who should close the step. */
   public boolean leave(int users) {
      return left.incrementAndGet() == users;
   }

   /** Why the source could not be opened, or null. */
   public String openFailure() {
      return openFailure;
   }

   /** Users keep looping while this holds. */
   public boolean running() {
      return source != null && recorder.running(System.nanoTime());
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
      Phases op = Phases.run(source, start, this::run);
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
   public synchronized StepResult close() {
      if (closed || !entered) {
         closed = true;
         return null;
      }
      closed = true;
      long now = System.nanoTime();
      ConnectionSource s = source;
      source = null;
      if (s != null) {
         s.close();
      }
      return recorder.result(now);
   }
}
