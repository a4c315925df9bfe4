package jdbcpoollab.db;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static java.nio.charset.StandardCharsets.UTF_8;

/** PostgreSQL 12+ through the PostgreSQL JDBC driver ({@code jdbc:postgresql:}). */
public final class PostgresDialect implements Dialect {

   @Override
   public String name() {
      return "postgresql";
   }

   @Override
   public <T> T pick(PerProduct<T> values) {
      return values.postgresql();
   }

   /** parallel_workers = 0: one scan is one backend, as on MySQL, so the cpu workload means the same thing. */
   @Override
   public BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException {
      createTableIfMissing(connection, "big", "(id INTEGER PRIMARY KEY, payload VARCHAR(100) NOT NULL)"
            + " WITH (parallel_workers = 0)");
      return BigTable.fill(connection, rows, BigTable::insertValues);
   }

   /**
    * The startup parameter {@code options} with {@code -c default_transaction_read_only=on}, after the URL's own
    * options: every transaction of the session, each statement under autocommit included, is read-only. (The driver's
    * {@code setReadOnly(true)} does nothing under autocommit: its {@code readOnlyMode} is {@code transaction}.)
    */
   @Override
   public DriverProps readOnlySession(String url, String serverVersion) {
      String own = DriverProps.queryValue(url, "options");
      String options = (own == null || own.isBlank() ? "" : URLDecoder.decode(own, UTF_8) + " ")
            + "-c default_transaction_read_only=on";
      return new DriverProps("read-only", Map.of("options", URLEncoder.encode(options, UTF_8).replace("+", "%20")));
   }

   @Override
   public String stillReadOnlySql(String serverVersion) {
      return "SELECT current_setting('default_transaction_read_only')::boolean";
   }

   /**
    * {@code sessions} (PostgreSQL 14+) and {@code numbackends} of this database from pg_stat_database, which every
    * user may read. A backend reports its session when it next goes idle or ends, so the count can lag a second.
    */
   @Override
   public String runningSessionsSql() {
      return "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()";
   }

   @Override
   public String runningSessionsName() {
      return ActivityNames.ACTIVE_BACKENDS;
   }

   @Override
   public Map<String, Long> counters(Connection connection) {
      return Counters.read(connection, "SELECT 'sessions', sessions FROM pg_stat_database"
            + " WHERE datname = current_database()"
            + " UNION ALL SELECT 'numbackends', numbackends FROM pg_stat_database WHERE datname = current_database()");
   }

   /**
    * The rows inserted, updated and deleted in the current database ({@code pg_stat_database}), every client's
    * together. A backend reports its counts when its transaction ends, at most once a second while it stays busy
    * (and up to 10 s later once it goes idle), and as it ends: a step's are all in once its pool has closed.
    */
   @Override
   public String rowWritesSql(String serverVersion) {
      return "SELECT v.name, v.n FROM pg_stat_database d, LATERAL (VALUES ('tup_inserted', d.tup_inserted),"
            + " ('tup_updated', d.tup_updated), ('tup_deleted', d.tup_deleted)) v(name, n)"
            + " WHERE d.datname = current_database()";
   }

   /** A backend reports its counts as it ends, a moment after its client closed the connection. */
   @Override
   public long rowWritesLagMillis() {
      return 200;
   }

   /**
    * A superuser, or the first of: a database, a schema it may create in, a table of the current database it may
    * insert into, update, delete from or truncate.
    */
   @Override
   public String writePrivilege(Connection connection) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT CASE"
            + " WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 'a superuser'"
            + " WHEN has_database_privilege(current_database(), 'CREATE') THEN 'CREATE on database '"
            + " || current_database() ELSE (SELECT min(x) FROM ("
            + "SELECT 'CREATE on schema ' || nspname AS x FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
            + " AND nspname <> 'information_schema' AND has_schema_privilege(oid, 'CREATE')"
            + " UNION ALL SELECT 'INSERT, UPDATE, DELETE or TRUNCATE on ' || c.oid::regclass FROM pg_class c"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p')"
            + " AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'"
            + " AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')) w) END")) {
         return rs.next() ? rs.getString(1) : null;
      }
   }

   @Override
   public int maxConnections(Connection connection) {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SHOW max_connections")) {
         return rs.next() ? Integer.parseInt(rs.getString(1).trim()) : 0;
      } catch (SQLException | NumberFormatException e) {
         return 0;
      }
   }
}
