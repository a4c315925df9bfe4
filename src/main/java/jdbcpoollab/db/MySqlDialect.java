package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** MySQL and MariaDB, through MySQL Connector/J ({@code jdbc:mysql:}) or MariaDB Connector/J ({@code jdbc:mariadb:}). */
public final class MySqlDialect implements Dialect {
   private static final List<String> COUNTERS = List.of("Connections", "Threads_created", "Max_used_connections",
         "Threads_connected", "Aborted_connects", "Connection_errors_max_connections");
   private static final Pattern VERSION = Pattern.compile("^(\\d+(?:\\.\\d+)*)");
   /** A grant of privileges on objects ({@code GRANT SELECT ON `shop`.* TO …}), not of a role. */
   private static final Pattern GRANT = Pattern.compile("^GRANT (.+?) ON (.+?) TO (\\S+)");
   /** Privileges that write nothing; any other one may. */
   private static final Set<String> READ_PRIVILEGES = Set.of("SELECT", "USAGE", "SHOW VIEW", "SHOW DATABASES",
         "PROCESS", "REPLICATION CLIENT", "BINLOG MONITOR", "SLAVE MONITOR", "REPLICA MONITOR", "SHOW CREATE ROUTINE",
         "PROXY");
   private static final Pattern NAMED_VERSION = Pattern.compile("(MariaDB|MySQL) (\\d+)\\.(\\d+)(?:\\.(\\d+))?");

   @Override
   public String name() {
      return "mysql";
   }

   @Override
   public <T> T pick(PerProduct<T> values) {
      return values.mysql();
   }

   @Override
   public BigTable.Seeding ensureBigTable(Connection connection, int rows) throws SQLException {
      createTableIfMissing(connection, "big", "(id INT PRIMARY KEY, payload VARCHAR(100) NOT NULL) ENGINE=InnoDB");
      return BigTable.fill(connection, rows, BigTable::insertValues);
   }

   /**
    * Connection attempts, server threads created, the most connections open at once, those open now, and the
    * attempts refused (any reason, and for want of {@code max_connections}), from the global status, which every user
    * may read.
    */
   @Override
   public Map<String, Long> counters(Connection connection) {
      Map<String, Long> status = Counters.read(connection, "SHOW GLOBAL STATUS WHERE Variable_name IN ('"
            + String.join("', '", COUNTERS) + "')");
      Map<String, Long> ordered = new LinkedHashMap<>();
      for (String name : COUNTERS) {
         if (status.containsKey(name)) {
            ordered.put(name, status.get(name));
         }
      }
      return ordered.containsKey("Connections") ? ordered : Map.of();
   }

   /**
    * The session's transaction access mode set to read only as each connection opens ({@code sessionVariables}, which
    * both drivers take), after the URL's own session variables. The server names the variable
    * {@code transaction_read_only} from MySQL 5.7.20 and MariaDB 11.1, {@code tx_read_only} before (MySQL 8.0.3
    * dropped the old name). MySQL Connector/J would set the mode back on {@code setReadOnly(false)}, as a pool may
    * when it resets a connection: {@code readOnlyPropagatesToServer=false} keeps that call in the driver.
    */
   @Override
   public DriverProps readOnlySession(String url, String serverVersion) {
      String variable = (newVariableName(serverVersion) ? "transaction_read_only" : "tx_read_only") + "=1";
      String own = DriverProps.queryValue(url, "sessionVariables");
      Map<String, String> values = new LinkedHashMap<>();
      values.put("sessionVariables", own == null || own.isBlank() ? variable : own + "," + variable);
      if (url.startsWith("jdbc:mysql:")) {
         values.put("readOnlyPropagatesToServer", "false");
      }
      return new DriverProps("read-only", values);
   }

   /**
    * Server-side prepared statements, as the application's were ({@code useServerPrepStmts}: both drivers prepare on
    * the client otherwise, sending text), kept prepared on their connection when closed ({@code cachePrepStmts}, with
    * room for every text, as long as the longest: Connector/J's {@code prepStmtCacheSqlLimit}), so that each text is
    * prepared once per connection instead of at each execution. At least HikariCP's recommended 250 and 2048.
    */
   @Override
   public DriverProps preparedSession(String url, int texts, int longest) {
      Map<String, String> values = new LinkedHashMap<>();
      values.put("useServerPrepStmts", "true");
      values.put("cachePrepStmts", "true");
      values.put("prepStmtCacheSize", String.valueOf(Math.max(250, texts)));
      if (url.startsWith("jdbc:mysql:")) {
         values.put("prepStmtCacheSqlLimit", String.valueOf(Math.max(2048, longest + 1)));
      }
      values.keySet().removeIf(name -> DriverProps.queryValue(url, name) != null);
      return new DriverProps("prepared", values);
   }

   @Override
   public String stillReadOnlySql(String serverVersion) {
      return "SELECT @@session." + (newVariableName(serverVersion) ? "transaction_read_only" : "tx_read_only");
   }

   /** True for MySQL 5.7.20+, MariaDB 11.1+ and a server whose version is not known yet. */
   static boolean newVariableName(String serverVersion) {
      Matcher m = NAMED_VERSION.matcher(serverVersion == null ? "" : serverVersion);
      if (!m.find()) {
         return true;
      }
      int[] v = {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
            m.group(4) == null ? 0 : Integer.parseInt(m.group(4))};
      int[] from = m.group(1).equals("MariaDB") ? new int[] {11, 1, 0} : new int[] {5, 7, 20};
      return Arrays.compare(v, from) >= 0;
   }

   /**
    * The rows inserted, updated and deleted in the server's tables, every client's together, without the internal
    * temporary tables a plain SELECT may write (its GROUP BY, DISTINCT, ORDER BY): MariaDB's {@code Handler_write},
    * {@code Handler_update} and {@code Handler_delete}, which count those apart ({@code Handler_tmp_*}) and every
    * engine's tables; MySQL's {@code Innodb_rows_*}, since its {@code Handler_*} count them in (MariaDB 11.4 has no
    * {@code Innodb_rows_*}). A MariaDB server logging statements to a table writes a row for each: its
    * {@code Handler_write} is left out then, and only the rows updated and deleted are counted.
    */
   @Override
   public String rowWritesSql(String serverVersion) {
      if (serverVersion != null && serverVersion.startsWith("MySQL")) {
         return "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_rows_inserted', 'Innodb_rows_updated',"
               + " 'Innodb_rows_deleted')";
      }
      return "SELECT CONCAT('Handler_', LOWER(SUBSTRING(VARIABLE_NAME, 9))), VARIABLE_VALUE"
            + " FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('HANDLER_UPDATE', 'HANDLER_DELETE')"
            + " OR VARIABLE_NAME = 'HANDLER_WRITE' AND NOT (@@global.log_output LIKE '%TABLE%'"
            + " AND (@@global.general_log OR @@global.slow_query_log))";
   }

   /**
    * The first of the account's grants ({@code SHOW GRANTS}: its own, and MariaDB's to {@code PUBLIC}, which a default
    * install gives every privilege on the {@code test} databases) with a privilege beyond reading: {@code EXECUTE}
    * counts, since a procedure runs as its definer by default. The grantee, never the password hash after it.
    */
   @Override
   public String writePrivilege(Connection connection) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SHOW GRANTS")) {
         while (rs.next()) {
            Matcher grant = GRANT.matcher(rs.getString(1));
            if (grant.find() && Arrays.stream(grant.group(1).split(",(?![^(]*\\))"))
                  .map(p -> p.replaceAll("\\(.*", "").strip().toUpperCase(Locale.ROOT))
                  .anyMatch(p -> !READ_PRIVILEGES.contains(p))) {
               return "GRANT " + grant.group(1) + " ON " + grant.group(2) + " TO " + grant.group(3);
            }
         }
      }
      return null;
   }

   @Override
   public String runningSessionsSql() {
      return "SHOW GLOBAL STATUS LIKE 'Threads_running'";
   }

   /** Threads_running counts the thread that reads it. */
   @Override
   public int runningSessionsSelf() {
      return 1;
   }

   @Override
   public String runningSessionsName() {
      return ActivityNames.THREADS_RUNNING;
   }

   @Override
   public Set<String> peakCounters() {
      return Set.of("Max_used_connections", "Threads_connected");
   }

   /** FLUSH STATUS sets Max_used_connections to the connections open now; it needs the RELOAD privilege. */
   @Override
   public void resetPeaks(Connection connection) throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute("FLUSH STATUS");
      }
   }

   /** MySQL Connector/J calls a MariaDB server "MySQL"; its version string tells them apart. */
   @Override
   public String describeServer(Connection connection) throws SQLException {
      // MariaDB announces itself to MySQL clients as "5.5.5-10.11.6-MariaDB": the prefix is not its version
      String version = connection.getMetaData().getDatabaseProductVersion().replaceFirst("^5\\.5\\.5-", "");
      Matcher number = VERSION.matcher(version);
      return (version.contains("MariaDB") ? "MariaDB " : "MySQL ") + (number.find() ? number.group(1) : version);
   }

   @Override
   public int maxConnections(Connection connection) {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT @@max_connections")) {
         return rs.next() ? Integer.parseInt(rs.getString(1).trim()) : 0;
      } catch (SQLException | NumberFormatException e) {
         return 0;
      }
   }
}
