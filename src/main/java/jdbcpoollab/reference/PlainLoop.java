package jdbcpoollab.reference;

import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.StatementTimes;
import jdbcpoollab.workloads.Workload;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One plain thread of the reference: getConnection, run the next of its pre-drawn records with the workload's own
 * statements (bind, execute, read every row), close; {@link System#nanoTime()} into histograms of its own. Nothing is
 * shared with the other threads while it runs but the pool; the histograms are merged once all have left.
 */
final class PlainLoop implements Runnable {
   /** One operation's input, drawn before the load: the workload (or a mix's kind) and its feeder record. */
   record Draw(Workload kind, Map<String, Object> input) {
   }

   /** The operations (or statements) of one name: counts and times inside the window. */
   static final class Kind {
      final Histogram acquire = histogram();
      final Histogram query = histogram();
      final Histogram total = histogram();
      long ok;
      long ko;
   }

   private static final long UNSET = Long.MIN_VALUE;
   private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

   private final Workload workload;
   private final ConnectionSource pool;
   private final List<Draw> draws;
   private final Window window;
   final Histogram acquire = histogram();
   final Histogram query = histogram();
   final Histogram total = histogram();
   /** From the end of one operation (inside the window) to the start of the next: the loop's own time. */
   final Histogram gaps = histogram();
   final Map<String, Kind> kinds = new TreeMap<>();
   final Map<String, Long> errors = new TreeMap<>();
   long ok;
   long ko;
   long koOutside;
   /** This thread's CPU from its first operation starting inside the window to its last; -1 when none did. */
   long cpuNanos = -1;

   PlainLoop(Workload workload, ConnectionSource pool, List<Draw> draws, Window window) {
      this.workload = workload;
      this.pool = pool;
      this.draws = draws;
      this.window = window;
   }

   static Histogram histogram() {
      return new Histogram(3);
   }

   @Override
   public void run() {
      try {
         window.awaitOpen();
      } catch (InterruptedException e) {
         return;
      }
      StatementTimes times = new StatementTimes();
      long lastEnd = UNSET;
      long cpuFrom = -1;
      for (int i = 0; !draws.isEmpty() && window.running(System.nanoTime()); i = (i + 1) % draws.size()) {
         Draw draw = draws.get(i);
         times.clear();
         long start = System.nanoTime();
         if (cpuFrom < 0 && start >= window.from()) {
            cpuFrom = THREADS.getCurrentThreadCpuTime();
         }
         if (lastEnd != UNSET && window.inside(lastEnd)) {
            gaps.recordValue(start - lastEnd);
         }
         long acquired = 0;
         long used = 0;
         String error = null;
         // a failure to give the connection back fails the operation, unless the statement failed first
         try (Connection connection = pool.getConnection()) {
            acquired = System.nanoTime();
            draw.kind().run(connection, draw.input(), times);
            used = System.nanoTime();
         } catch (SQLException | RuntimeException e) {
            error = ErrorMessages.normalise(e);
         }
         long end = System.nanoTime();
         lastEnd = end;
         if (window.inside(end)) {
            counted(draw.kind(), acquired == 0 ? end - start : acquired - start, used == 0 ? 0 : used - acquired,
                  end - start, error, times);
         } else if (error != null) {
            koOutside++;
         }
         // an interrupt is meant for the operation it cut short
         Thread.interrupted();
      }
      if (cpuFrom >= 0) {
         cpuNanos = THREADS.getCurrentThreadCpuTime() - cpuFrom;
      }
   }

   /** An operation that ended inside the window, counted as the lab counts one: its kind and statements too. */
   private void counted(Workload kind, long acquireNanos, long queryNanos, long totalNanos, String error,
                        StatementTimes times) {
      acquire.recordValue(acquireNanos);
      Kind of = kind == workload ? null : kinds.computeIfAbsent(kind.name(), k -> new Kind());
      if (of != null) {
         of.acquire.recordValue(acquireNanos);
      }
      if (error == null) {
         ok++;
         query.recordValue(queryNanos);
         total.recordValue(totalNanos);
      } else {
         ko++;
         errors.merge(error, 1L, Long::sum);
      }
      ended(of, queryNanos, totalNanos, error);
      for (StatementTimes.Time t : times.times()) {
         ended(kinds.computeIfAbsent(kind.name() + " / " + t.name(), k -> new Kind()), t.nanos(), t.nanos(),
               t.error());
      }
   }

   private static void ended(Kind kind, long queryNanos, long totalNanos, String error) {
      if (kind == null) {
         return;
      }
      if (error == null) {
         kind.ok++;
         kind.query.recordValue(Math.max(0, queryNanos));
         kind.total.recordValue(Math.max(0, totalNanos));
      } else {
         kind.ko++;
      }
   }
}
