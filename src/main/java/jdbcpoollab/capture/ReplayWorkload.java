package jdbcpoollab.capture;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.workloads.SqlText;
import jdbcpoollab.workloads.Think;
import jdbcpoollab.workloads.PreciseWait;
import jdbcpoollab.workloads.Workload;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * A replay's requests as one step's workload: each operation is the next request, in order of arrival, on the
 * connection it borrowed. A statement starts at its captured offset from the request's start or when the previous
 * one ended, whichever is later, so the captured gaps stay and the statements' own time is the database's; with
 * {@link ReplayGaps#NONE}, as soon as the previous one ended. Each
 * transaction's held time (its start to its end's start) is kept, as the capture's profile counts it. A replay of a
 * capture that is not to write runs on read-only sessions: a write its text does not show (a function's) fails at the
 * server, and the failure names the statement replayed. A statement the application sent prepared is sent prepared,
 * its literals bound ({@link Parameterized}), and closed; whether the driver prepares it at the server, and keeps it
 * prepared across closes, is the connection's properties' ({@link Replay#driverProps}).
 */
public final class ReplayWorkload implements Workload {
   /** The SQLSTATE of a write refused in a read-only transaction, PostgreSQL's, MySQL's and MariaDB's alike. */
   private static final String READ_ONLY_REFUSAL = "25006";

   private final String name;
   private final List<ReplayRequest> requests;
   private final SqlText.Quoting quoting;
   private final boolean readOnly;
   private final ReplayGaps gaps;
   private final AtomicInteger next = new AtomicInteger();
   private final List<Long> heldMicros = Collections.synchronizedList(new ArrayList<>());
   private final List<Long> lateNanos = Collections.synchronizedList(new ArrayList<>());
   private final LongAdder sent = new LongAdder();
   private final LongAdder failed = new LongAdder();
   private final AtomicReference<String> firstFailure = new AtomicReference<>();

   /**
    * @param requests the requests in order of arrival, as the step's arrivals bring them
    * @param product  the capture's product, as the lab's dialects name it
    * @param readOnly whether it runs on read-only sessions: a capture replayed without {@code -Dreplay.writes}
    * @param gaps     when each statement after a request's first is sent ({@code -Dreplay.gaps})
    */
   public ReplayWorkload(String name, List<ReplayRequest> requests, String product, boolean readOnly,
                         ReplayGaps gaps) {
      if (requests.isEmpty()) {
         throw new IllegalArgumentException("a replay needs requests");
      }
      this.name = name;
      this.requests = List.copyOf(requests);
      this.quoting = SqlText.Quoting.of(product);
      this.readOnly = readOnly;
      this.gaps = gaps;
   }

   @Override
   public String name() {
      return name;
   }

   @Override
   public boolean readOnly() {
      return readOnly;
   }

   @Override
   public String statement() {
      return requests.size() + " captured requests";
   }

   /** The capture's distinct statements, in their first order. */
   @Override
   public String shown() {
      return requests.stream().flatMap(r -> r.statements().stream()).map(TimedStatement::sql).distinct()
            .collect(Collectors.joining("; "));
   }

   @Override
   public void run(Connection connection) throws SQLException {
      ReplayRequest request = requests.get(Math.floorMod(next.getAndIncrement(), requests.size()));
      long start = System.nanoTime();
      long last = start;
      long ended = start;
      long late = 0;
      sent.increment();
      try (Statement st = connection.createStatement()) {
         for (TimedStatement s : request.statements()) {
            long due = gaps.due(start, s);
            PreciseWait.until(due);
            last = System.nanoTime();
            late += last - Math.max(due, ended);
            execute(connection, st, s);
            ended = System.nanoTime();
         }
      } catch (SQLException | RuntimeException e) {
         failed.increment();
         firstFailure.compareAndSet(null, ErrorMessages.describe(e));
         if (request.transaction()) {
            rollBack(connection);
         }
         throw e;
      }
      if (request.transaction()) {
         heldMicros.add((last - start) / 1000);
         lateNanos.add(late);
      }
   }

   private void execute(Connection connection, Statement st, TimedStatement s) throws SQLException {
      String sql = s.sql();
      try {
         if (!s.prepared()) {
            read(st.execute(sql), st);
            return;
         }
         try (PreparedStatement ps = connection.prepareStatement(s.parameterized().sql())) {
            bind(ps, s.parameterized().values());
            read(ps.execute(), ps);
         }
      } catch (SQLException e) {
         if (!readOnly || !READ_ONLY_REFUSAL.equals(e.getSQLState())) {
            throw e;
         }
         // its shape, not its text, so that the failures of one statement are one kind of failure
         throw new SQLException("a write refused on the replay's read-only session (-Dreplay.writes=true replays "
               + "writes, against a copy of the data): " + Shape.of(sql, quoting) + ": " + e.getMessage(),
               e.getSQLState(), e.getErrorCode(), e);
      }
   }

   /** Every row's first column read, when the statement returned rows. */
   private static void read(boolean rows, Statement st) throws SQLException {
      if (rows) {
         try (ResultSet result = st.getResultSet()) {
            while (result.next()) {
               result.getObject(1);
            }
         }
      }
   }

   /**
    * The values bound in order. PostgreSQL's strings are bound of no type, as its logged literals were: the server
    * gives each the type its place asks for, where a string bound as text would compare a number with a varchar.
    */
   private void bind(PreparedStatement ps, List<Object> values) throws SQLException {
      for (int i = 0; i < values.size(); i++) {
         Object value = values.get(i);
         if (value instanceof Long number) {
            ps.setLong(i + 1, number);
         } else if (value instanceof BigDecimal number) {
            ps.setBigDecimal(i + 1, number);
         } else if (quoting == SqlText.Quoting.STANDARD) {
            ps.setObject(i + 1, value, Types.OTHER);
         } else {
            ps.setString(i + 1, (String) value);
         }
      }
   }

   /** A transaction that failed half-way is rolled back, so the pool gets its connection back clean. */
   private static void rollBack(Connection connection) {
      try (Statement st = connection.createStatement()) {
         st.execute("ROLLBACK");
      } catch (SQLException e) {
         // the connection is broken: the pool finds out itself
      }
   }

   /**
    * The requests this workload sent on a connection so far, those whose statements failed at the database, and the
    * first failure's message (passwords masked; null when none failed). A request that found no connection is not
    * among them: that is the pool's failure, not the replay's.
    */
   public Failures failures() {
      return new Failures(sent.sum(), failed.sum(), firstFailure.get());
   }

   /** What {@link #failures()} returns. */
   public record Failures(long sent, long failed, String first) {
      public static final Failures NONE = new Failures(0, 0, null);

      /** Both counts added, the first failure of {@code this} kept before {@code other}'s. */
      public Failures plus(Failures other) {
         return new Failures(sent + other.sent, failed + other.failed, first != null ? first : other.first);
      }
   }

   /** Each replayed transaction's time from its start to its end's start, in µs. */
   public List<Long> heldMicros() {
      synchronized (heldMicros) {
         return List.copyOf(heldMicros);
      }
   }

   /**
    * Per replayed transaction, how long after they were due its statements started, added up, in ns: the time the
    * load generator, not the database or the captured gaps, added to its held time.
    */
   public List<Long> lateNanos() {
      synchronized (lateNanos) {
         return List.copyOf(lateNanos);
      }
   }
}
