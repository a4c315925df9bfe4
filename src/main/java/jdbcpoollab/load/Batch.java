package jdbcpoollab.load;

import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.db.WorkTable;
import jdbcpoollab.measure.RunRecorder;
import jdbcpoollab.measure.RunResult;
import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.WorkFeeder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * One run of one option in CpoolCompare: resets the work table, opens the connection source, runs each user's
 * operations on the work table (select, insert or update one row) timing each phase, closes the source, and charges
 * the run with what the server's counters moved from before the source opened to after it closed.
 */
public final class Batch implements LoadStep {
   private final String name;
   private final String option;
   private final SharedSource source;
   private final RunRecorder recorder;
   private final ServerStatus server;
   private final int rows;
   private final WorkFeeder feeder;
   private volatile Map<String, Long> before = Map.of();
   private volatile UserThreads threads = ThreadKinds.platform();

   /**
    * @param name   the run, such as "run 3 none"
    * @param option the option, which names its requests in Gatling's report
    * @param rows   the work table's kept rows
    * @param feeder which statement on which row, for each of its users' operations
    */
   public Batch(String name, String option, ConnectionSource.Opener opener, RunRecorder recorder, ServerStatus server,
                int rows, WorkFeeder feeder) {
      this.name = name;
      this.option = option;
      this.source = new SharedSource(opener);
      this.recorder = recorder;
      this.server = server;
      this.rows = rows;
      this.feeder = feeder;
   }

   @Override
   public String name() {
      return name;
   }

   /** What each user's operations run on; platform threads unless told. */
   public void threads(UserThreads kind) {
      threads = kind;
   }

   @Override
   public UserThreads threads() {
      return threads;
   }

   /** Which statement on which row, for each of its users' operations. */
   public WorkFeeder feeder() {
      return feeder;
   }

   /** The name of an operation in Gatling's report. */
   public String requestName(String operation) {
      return option + " " + operation;
   }

   /**
    * Before the run's users start: resets the work table, reads the server's counters and opens the source. On
    * failure the reason is kept and no operation runs. A second call does nothing.
    */
   public void enter() {
      source.enter(() -> {
         WorkTable.reset(server.connection(), rows);
         before = server.before();
      });
   }

   /** Time it took to open the source (fill the pool). */
   public long openNanos() {
      return source.openNanos();
   }

   /** Why the source could not be opened, or null. */
   public String openFailure() {
      return source.openFailure();
   }

   public boolean ready() {
      return source.get() != null;
   }

   /**
    * One operation: acquire a connection, run the statement on row {@code id}, give the connection back.
    *
    * @param operation select, insert or update
    * @return what Gatling's report shows, or null for a warm-up run, which it does not show
    */
   public Outcome execute(String operation, int id) {
      long startMillis = System.currentTimeMillis();
      long start = System.nanoTime();
      recorder.begin(start);
      Phases op = Phases.run(source.get(), start, connection -> run(connection, operation, id));
      recorder.record(op.acquireNanos(), op.useNanos(), op.totalNanos(), op.end(), op.error());
      return recorder.warmup() ? null : op.outcome(requestName(operation), startMillis);
   }

   private static void run(Connection connection, String operation, int id) throws SQLException {
      switch (operation) {
         case "select" -> {
            try (PreparedStatement select = connection.prepareStatement(WorkTable.SELECT)) {
               select.setInt(1, id);
               try (ResultSet rows = select.executeQuery()) {
                  while (rows.next()) {
                     rows.getObject(2);
                  }
               }
            }
         }
         case "insert" -> {
            try (PreparedStatement insert = connection.prepareStatement(WorkTable.INSERT)) {
               insert.setInt(1, id);
               insert.setString(2, WorkTable.payload(id));
               insert.executeUpdate();
            }
         }
         case "update" -> {
            try (PreparedStatement update = connection.prepareStatement(WorkTable.UPDATE)) {
               update.setInt(1, id);
               update.executeUpdate();
            }
         }
         default -> throw new IllegalArgumentException("unknown operation " + operation);
      }
   }

   /**
    * Closes the source, reads the server's counters and returns what the run measured; null when the run never
    * started or was closed before.
    */
   public RunResult close() {
      if (!source.close()) {
         return null;
      }
      return recorder.result(source.openNanos() / 1e9, server.since(before));
   }
}
