package jdbcpoollab.load;

import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.StatementTimes;
import jdbcpoollab.workloads.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * A user's operations, one after the other: what each runs on the connection it borrowed (its kind and input), its
 * phases and its statements' times. One per user's loop, reused, so that an operation allocates nothing of the lab's.
 */
final class UserOperation implements Phases.Use {
   private final StatementTimes times = new StatementTimes();
   private final Phases phases = new Phases();
   /**
    * The wall clock, in ms since the epoch, at {@link System#nanoTime()} 0 as the loop began: an operation's start
    * for Gatling's log is its nanoTime start on it, one clock read fewer per operation.
    */
   private final long epochMillisAtZero = System.currentTimeMillis() - System.nanoTime() / 1_000_000;
   private Workload kind;
   private Map<String, Object> input;

   /** Runs {@code next} on {@code record} on a connection of {@code source} and times it, from {@code start}. */
   Phases time(ConnectionSource source, long start, Phases.Acquired acquired, Workload next,
               Map<String, Object> record) {
      kind = next;
      input = record;
      times.clear();
      return phases.time(source, start, acquired, this);
   }

   /** The wall-clock time, in ms since the epoch, of {@code nanos} on this JVM's {@link System#nanoTime()} clock. */
   long millis(long nanos) {
      return epochMillisAtZero + nanos / 1_000_000;
   }

   /** The statements' times the operation told. */
   StatementTimes times() {
      return times;
   }

   /**
    * The operation just timed was a request of several statements, measured: each statement counted under its
    * request, and the request ({@code orders pool=4 checkout}) and its statements logged as requests of their own
    * ({@code orders pool=4 checkout / customer}).
    */
   void logStatements(StepRecorder recorder, String request, long start, long startMillis, OperationLog log) {
      log.operation(request, startMillis, startMillis + phases.totalNanos() / 1_000_000, phases.error());
      for (StatementTimes.Time t : times.times()) {
         recorder.recordStatement(kind.name() + " / " + t.name(), t.nanos(), t.error());
         long from = startMillis + (t.startNanos() - start) / 1_000_000;
         log.operation(request + " / " + t.name(), from, from + t.nanos() / 1_000_000, t.error());
      }
   }

   @Override
   public void on(Connection connection) throws SQLException {
      kind.run(connection, input, times);
   }
}
