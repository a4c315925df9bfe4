package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;

/**
 * What differs between database products: how a table is created, the {@code big} table, the server's own counters
 * and how it names itself. A workload's own statements are its own, one per product ({@link PerProduct}), and the
 * dialect picks among them. Chosen from the JDBC URL ({@link Dialects#forUrl}); there is no product switch to set by
 * hand.
 */
public interface Dialect {

   String name();

   /** This product's value of {@code values}. */
   <T> T pick(PerProduct<T> values);

   /**
    * Creates the table {@code table} unless it exists: {@code CREATE TABLE table columns}, where {@code columns} is
    * the column list in this product's types and whatever follows it.
    */
   default void createTableIfMissing(Connection connection, String table, String columns) throws SQLException {
      BigTable.execute(connection, "CREATE TABLE IF NOT EXISTS " + table + " " + columns);
   }

   /** Creates the {@code big} table with exactly {@code rows} rows unless it already exists complete. */
   BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException;

   /** The most client connections the server accepts at once, or 0 when it does not say. */
   default int maxConnections(Connection connection) {
      return 0;
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

   /**
    * A query whose rows are (name, count) of the rows the server counted written since it started, every client's
    * together ({@link RowWrites}), on the server named in {@code serverVersion}; null when the product has none the
    * lab reads.
    */
   default String rowWritesSql(String serverVersion) {
      return null;
   }

   /**
    * How long after the sessions of a step have closed the server's counts of rows written hold all of theirs: 0
    * where they move with each write.
    */
   default long rowWritesLagMillis() {
      return 0;
   }

   /**
    * A query whose one boolean says whether the session still holds itself read-only ({@link #readOnlySession}), as
    * the server named in {@code serverVersion} names the setting; null for a product without read-only sessions.
    */
   default String stillReadOnlySql(String serverVersion) {
      return null;
   }

   /**
    * What lets the account of {@code connection} write, as the server grants it (such as {@code GRANT ALL PRIVILEGES
    * ON *.*}); null when nothing does.
    *
    * @throws SQLException when the server does not tell (no such query, no privilege to read it)
    */
   default String writePrivilege(Connection connection) throws SQLException {
      throw new SQLException(name() + ": the account's privileges are not read");
   }

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
      return ActivityNames.UNKNOWN;
   }

   /**
    * True when this product can hold a whole session read-only at the server, set once as each connection opens
    * ({@link #readOnlySession}); false when it cannot (Oracle), and each operation of a read-only workload then runs
    * in a read-only transaction, rolled back ({@link ReadOnlyTransaction}). A session setting costs nothing per
    * operation; a transaction per operation adds two round trips to each (its start and its rollback), which would
    * triple the measured time of a fast statement such as {@code SELECT 1}: the transaction is the fallback only.
    */
   default boolean readOnlySessions() {
      return true;
   }

   /**
    * The driver properties that make every connection to {@code url} a read-only session at the server, merged with
    * the URL's own values of the same properties; no property for a product without read-only sessions.
    *
    * @param serverVersion the server as {@link #describeServer} named it, such as {@code MariaDB 11.4.5}
    */
   default DriverProps readOnlySession(String url, String serverVersion) {
      return DriverProps.DEFAULT;
   }

   /**
    * The driver properties that make a statement prepared on a connection to {@code url} what an application's
    * server-side prepared statement was, for a replay of {@code texts} distinct prepared texts of up to
    * {@code longest} characters; a property {@code url} names already keeps its value there. None where the driver
    * prepares at the server by itself (pgjdbc, from a statement's {@code prepareThreshold}'th run on a connection).
    */
   default DriverProps preparedSession(String url, int texts, int longest) {
      return DriverProps.DEFAULT;
   }

   /** Product and version for the report, such as {@code PostgreSQL 15.14}. */
   default String describeServer(Connection connection) throws SQLException {
      DatabaseMetaData meta = connection.getMetaData();
      String product = meta.getDatabaseProductName();
      String version = meta.getDatabaseProductVersion().replaceAll("\\s+", " ").trim();
      return version.startsWith(product) ? version : product + " " + version;
   }
}
