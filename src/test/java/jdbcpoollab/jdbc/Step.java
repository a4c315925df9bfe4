package jdbcpoollab.jdbc;

import jdbcpoollab.stats.StepRecorder;
import jdbcpoollab.stats.StepResult;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One workload at one pool size: opens its connection source, runs the statement for every user operation while
 * its window is open, times each phase, and closes the source. When an operation fails because the database is gone
 * (see {@link DatabaseWatch}) the step stops at once: users blocked waiting for a connection are interrupted rather
 * than left to their connection timeout.
 */
public final class Step {
   private final String workload;
   private final String requestName;
   private final int pool;
   private final String sql;
   private final ConnectionSource.Opener opener;
   private final StepRecorder recorder;
   private final AtomicInteger left = new AtomicInteger();
   private final Set<Thread> inFlight = new HashSet<>();
   private boolean entered;
   private boolean closed;
   private volatile ConnectionSource source;
   private volatile String openFailure;
   private volatile long openNanos;
   private volatile DatabaseWatch watch;
   private volatile String lostReason;

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

   /** Watches the database for this step: a lost one stops it, and its opening waits for a lost one to return. */
   public void watch(DatabaseWatch databaseWatch) {
      watch = databaseWatch;
   }

   /**
    * Called by every user as it arrives: the first one opens the source while the others wait for it, so the load
    * starts on a filled pool. After a loss of the database, the first one waits for it first (within the watch's
    * limit). On failure the step is stopped and the reason kept.
    *
    * @return true for the one user that opened the source
    */
   public synchronized boolean enter() {
      if (entered) {
         return false;
      }
      entered = true;
      DatabaseWatch w = watch;
      if (w != null) {
         w.awaitBack(requestName);
      }
      long start = System.nanoTime();
      try {
         source = opener.open();
      } catch (Exception e) {
         openFailure = ErrorMessages.normalise(e);
         recorder.stop(System.nanoTime());
         if (w != null) {
            w.check();
         }
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

   /** Why the step was cut short by the loss of the database, or null. */
   public String lostReason() {
      return lostReason;
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
      Thread self = Thread.currentThread();
      synchronized (inFlight) {
         if (lostReason != null) {
            return null;
         }
         inFlight.add(self);
      }
      try {
         return timed(userId);
      } finally {
         synchronized (inFlight) {
            inFlight.remove(self);
            Thread.interrupted();
         }
      }
   }

   private Outcome timed(long userId) {
      long startMillis = System.currentTimeMillis();
      long start = System.nanoTime();
      recorder.begin(userId, start);
      long acquired = 0;
      long queried = 0;
      String error = null;
      Exception failure = null;
      Connection connection = null;
      try {
         connection = source.getConnection();
         acquired = System.nanoTime();
         run(connection);
         queried = System.nanoTime();
      } catch (SQLException | RuntimeException e) {
         error = ErrorMessages.normalise(e);
         failure = e;
      } finally {
         if (connection != null) {
            try {
               connection.close();
            } catch (SQLException | RuntimeException e) {
               error = error != null ? error : ErrorMessages.normalise(e);
            }
         }
      }
      long end = System.nanoTime();
      if (acquired == 0) {
         acquired = end;
      }
      boolean measured = recorder.record(userId, acquired - start, queried - acquired, end - start, end, error);
      if (failure != null) {
         checkDatabase(failure);
      }
      return measured ? new Outcome(requestName, startMillis, startMillis + (end - start) / 1_000_000, error) : null;
   }

   private void checkDatabase(Exception error) {
      DatabaseWatch w = watch;
      if (w == null || lostReason != null || !DatabaseWatch.connectionFailure(error)) {
         return;
      }
      String lost = w.check();
      if (lost == null) {
         return;
      }
      synchronized (inFlight) {
         if (lostReason != null) {
            return;
         }
         lostReason = lost;
         recorder.stop(System.nanoTime());
         Thread self = Thread.currentThread();
         inFlight.stream().filter(t -> t != self).forEach(Thread::interrupt);
      }
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
    * What a step under way measured so far, for a run that is being interrupted; null when it had not started or
    * was closed. The source is left to the end of the JVM.
    */
   public synchronized StepResult interrupt() {
      if (closed || !entered) {
         return null;
      }
      closed = true;
      long now = System.nanoTime();
      recorder.stop(now);
      return recorder.result(now);
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
