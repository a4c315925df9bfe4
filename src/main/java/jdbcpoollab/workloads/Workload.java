package jdbcpoollab.workloads;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What every user operation of a step does on the connection it borrowed. Adding one is one {@link WorkloadType}
 * and one line in {@link Workloads}.
 */
public interface Workload {

   /** Its name in {@code -Dworkloads}, step names and reports; unique in a registry. */
   String name();

   /** What it runs, as the settings and summaries show it. */
   String statement();

   /** What it runs, as a line that names it to the user (a step stopped for writing): its statement. */
   default String shown() {
      return statement();
   }

   /** One operation: runs {@link #statement()} and reads every row it returns. */
   default void run(Connection connection) throws SQLException {
      try (PreparedStatement statement = connection.prepareStatement(statement())) {
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
    * The input of one operation, drawn before its connection is acquired: a record of the workload's feeder, whose
    * values its statements bind; empty for a workload without parameters, null when its feeder has run dry.
    */
   default Map<String, Object> draw() {
      return Map.of();
   }

   /**
    * One operation on the input {@link #draw()} gave; a workload of several statements tells each one's time to
    * {@code times}. The others run {@link #run(Connection)}.
    */
   default void run(Connection connection, Map<String, Object> input, StatementTimes times) throws SQLException {
      run(connection);
   }

   /** The workload this operation runs: itself, or for a mix one of its kinds, chosen by weight. */
   default Workload pick() {
      return this;
   }

   /** The kinds a mix chooses among; empty for a workload of one kind. */
   default List<Workload> kinds() {
      return List.of();
   }

   /** Creates what it needs beyond the {@code big} table (a table of its own), once before any load. */
   default void prepare(Connection connection) throws SQLException {
   }

   /** Rows of the {@code big} table it reads; 0 when it needs none. */
   default int bigTableRows() {
      return 0;
   }

   /** Rows of the {@code big} table that {@code workloads} need: the most any of them reads. */
   static int bigTableRows(List<Workload> workloads) {
      return workloads.stream().mapToInt(Workload::bigTableRows).max().orElse(0);
   }

   /** True when it must run on read-only connections: a statement that may destroy data by mistake. */
   default boolean readOnly() {
      return false;
   }

   /** True when the user wrote it: a statement the database rejects is then bad input, not a lab failure. */
   default boolean usersOwn() {
      return false;
   }

   /**
    * True when running it more often than a step measures changes nothing of the user's: a lab workload, or one of
    * the user's own that only reads and uses up no queue feeder. The JVM's warm-up runs the others' stand-in
    * ({@link StandIn}) unless the user allows their own.
    */
   default boolean harmlessToRepeat() {
      return !usersOwn();
   }

   /**
    * True when one operation is {@link #statement()} sent as it is, without parameters: what another tool's plain
    * query (Fidelity's plugin) can run too. A workload of the user's own is plain only when it says so.
    */
   default boolean plainQuery() {
      return !usersOwn() && !statement().contains("?");
   }

   /**
    * Where the user wrote it, as a refusal of its statements before the load names it ({@code bad option -Dsql: …});
    * only asked of a workload of the user's own.
    */
   default String writtenIn() {
      return "option -Dsql";
   }

   /** Its options as the run's settings record them, such as {@code sleepMs}. */
   default Map<String, Object> settings() {
      return Map.of();
   }
}
