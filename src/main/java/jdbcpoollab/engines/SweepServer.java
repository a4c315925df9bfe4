package jdbcpoollab.engines;

import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.load.Step;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.report.CountersTable;
import jdbcpoollab.report.ShapesTable;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jdbcpoollab.run.Lab;
import jdbcpoollab.runoptions.PoolSweepOptions;

/**
 * PoolSweep's steps as the database server saw them: its connection counters, read on a connection of the lab's own
 * before each step's source opens and after its users have left, one row per finished step; and the most
 * connections it takes, read as the run starts, beyond which a step's pools cannot all open.
 */
final class SweepServer {
   private final Lab lab;
   private final ServerStatus server;
   private final CountersTable counters = new CountersTable();
   /** The counters before each step's source opened, by the step's recorder. */
   private final Map<StepRecorder, Map<String, Long>> before = new ConcurrentHashMap<>();
   private final Set<StepRecorder> read = ConcurrentHashMap.newKeySet();
   private volatile int maxConnections;

   SweepServer(Lab lab) {
      this.lab = lab;
      server = new ServerStatus(lab::database);
   }

   /** As the run starts: the most connections the server takes, and each pool of the sweep over it said. */
   void readMaxConnections(PoolSweepOptions options) {
      try (Connection c = lab.database().connect()) {
         maxConnections = lab.database().dialect().maxConnections(c);
      } catch (SQLException e) {
         maxConnections = 0;
      }
      for (int n : options.instances()) {
         options.pools().stream().filter(pool -> tooLarge(n * pool)).forEach(pool -> lab.console().say(
               ShapesTable.tooMany(n, pool, maxConnections)));
      }
   }

   /** The most connections the server takes; 0 when it could not be read. */
   int maxConnections() {
      return maxConnections;
   }

   /** The counters before the source of the step {@code recorder} measures opens. */
   void opening(StepRecorder recorder) {
      before.put(recorder, server.before());
   }

   /**
    * The server's counters over the step, read while its pool is still open (Threads_connected counts it); their
    * first is the connections the server accepted, the step's own unless it failed or lost the database.
    */
   void left(Step step, StepRecorder recorder) {
      Map<String, Long> from = before.getOrDefault(recorder, Map.of());
      if (!from.isEmpty() && read.add(recorder)) {
         Map<String, Long> moved = server.since(from);
         counters.put(recorder.id().name(), moved);
         if (step.openFailure() == null && step.lostReason() == null) {
            moved.values().stream().findFirst().ifPresent(recorder::serverConnections);
         }
      }
   }

   /** Why the pools of a step at {@code place} did not all open when they are more than the server takes; else null. */
   String refused(SweepPlace place, int pool) {
      return tooLarge(place.instances() * place.pool()) ? "pool did not open: "
            + ShapesTable.over(place.instances(), pool, maxConnections)
            + ", which refused the rest (Connection_errors_max_connections)" : null;
   }

   /** One row per finished step: what the server's connection counters moved by. */
   void writeCounters() {
      synchronized (counters) {
         if (!counters.isEmpty()) {
            lab.section(CountersTable.KEY, CountersTable.TITLE, counters.table(), counters.rows(),
                  CountersTable.note(lab.database().dialect().peakCounters()));
         }
      }
   }

   /** Connections the server cannot give all at once, besides the lab's own one. */
   private boolean tooLarge(int connections) {
      return maxConnections > 0 && connections > maxConnections - 1;
   }

   void close() {
      server.close();
   }
}
