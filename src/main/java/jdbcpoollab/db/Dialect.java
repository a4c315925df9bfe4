package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;

/**
 * What differs between database products: the workload statements, the schema, the server's own counters and how
 * it names itself. Chosen from the JDBC URL; there is no product switch to set by hand.
 */
public interface Dialect {

   String name();

   /** A statement that holds its connection for the given time while using no CPU. */
   String waitSql(int sleepMillis);

   /** A statement that scans the whole {@code big} table and burns CPU on every row, in one server thread. */
   String cpuSql();

   /** Creates the {@code big} table with exactly {@code rows} rows unless it already exists complete. */
   BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException;

   /** Creates the {@code hot} table of the txn workload with ids 1..{@code rows} unless it exists complete. */
   default BigTable.Seeding ensureHotTable(Connection connection, int rows) throws SQLException {
      BigTable.execute(connection, "CREATE TABLE IF NOT EXISTS hot (id INTEGER PRIMARY KEY, n BIGINT NOT NULL)");
      return HotTable.fill(connection, rows);
   }

   /** The most client connections the server accepts at once, or 0 when it does not say. */
   default int maxConnections(Connection connection) {
      return 0;
   }

   /** Locks one row of {@code hot} (parameter: its id) until the transaction ends. */
   default String lockRowSql() {
      return "SELECT n FROM hot WHERE id = ? FOR UPDATE";
   }

   /** Changes the locked row (parameter: its id). */
   default String updateRowSql() {
      return "UPDATE hot SET n = n + 1 WHERE id = ?";
   }

   /**
    * The server's own connection counters, named as the product names them; the first is the cumulative number of
    * connections (logins) the server accepted. Empty, shown as "n/a", when the product or the user's privileges give
    * none: reading them never fails a run.
    */
   default Map<String, Long> counters(Connection connection) {
      return Map.of();
   }

   /** Those of the {@link #counters} that are high-water marks: a run reports them as read after it, not as a change. */
   default Set<String> peakCounters() {
      return Set.of();
   }

   /** Restarts the high-water marks from the connections open now, where product and privileges allow. */
   default void resetPeaks(Connection connection) throws SQLException {
   }

   /** Product and version for the report, such as {@code PostgreSQL 15.14}. */
   /**
    * A query whose one row holds, in its last column, how many sessions are running a statement now; null when the
    * product has none.
    */
   default String runningSessionsSql() {
      return null;
   }

   /** How many of those {@link #runningSessionsSql()} counts are the lab's own reading session. */
   default int runningSessionsSelf() {
      return 0;
   }

   /** What {@link #runningSessionsSql()} counts, as the report names it. */
   default String runningSessionsName() {
      return ServerActivity.UNKNOWN;
   }

   default String describeServer(Connection connection) throws SQLException {
      DatabaseMetaData meta = connection.getMetaData();
      String product = meta.getDatabaseProductName();
      String version = meta.getDatabaseProductVersion().replaceAll("\\s+", " ").trim();
      return version.startsWith(product) ? version : product + " " + version;
   }

   static Dialect forUrl(String url) {
      if (url == null || !url.startsWith("jdbc:")) {
         throw new IllegalArgumentException("not a JDBC URL: " + Redactor.url(url));
      }
      if (url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:")) {
         return new MySqlDialect();
      }
      if (url.startsWith("jdbc:postgresql:")) {
         return new PostgresDialect();
      }
      if (url.startsWith("jdbc:oracle:thin:")) {
         return new OracleDialect();
      }
      throw new IllegalArgumentException("unsupported database URL " + Redactor.url(url)
            + " (supported: jdbc:mysql:, jdbc:mariadb:, jdbc:postgresql:, jdbc:oracle:thin:)");
   }
}
