package jdbcpoollab.endtoend;

import jdbcpoollab.db.BigTableContract;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.db.WorkTableContract;
import jdbcpoollab.report.Table;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An embedded MariaDB reached by URL, as a server of one's own would be, through MariaDB Connector/J
 * ({@code jdbc:mariadb:}). It is the test JVM's {@link ExternalServer}, which the other classes of the JVM reach by URL
 * too: one server start for all of them. The wait sweep through MySQL Connector/J is {@link PoolSweepIntegrationTest}'s
 * (the same driver and server, the lab's own URL), and the report's names for MySQL Connector/J by URL are
 * {@link ServerVersionTest}'s.
 */
class EmbeddedByUrlTest {
   private static ExternalServer server;

   @BeforeAll
   static void start() throws SQLException {
      server = ExternalServer.get();
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE DATABASE IF NOT EXISTS tables");
      }
   }

   private static String url(String scheme, String database) {
      return scheme + "//127.0.0.1:" + server.port() + "/" + database;
   }

   private static GatlingRun.Result sweepThrough(String url, Map<String, String> more) {
      Map<String, String> options = new HashMap<>(WaitSweepContract.WAIT_SWEEP);
      options.putAll(Map.of("db.url", url, "db.user", "root"));
      options.putAll(more);
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   /** MariaDB's own driver, with a custom statement read from a file. */
   @Nested
   class MariaDbDriver extends WaitSweepContract {
      private final Database database = new Database(url("jdbc:mariadb:", EmbeddedMariaDb.DATABASE), "root", "");
      @BeforeAll
      void runSweep(@TempDir Path dir) throws SQLException, IOException {
         createHitsTable(database);
         Path file = Files.writeString(dir.resolve("hit.sql"), "-- one row per operation\n" + HIT + ";\n");
         run = sweepThrough(database.url(), Map.of("workloads", "wait,custom", "sql", "@" + file,
               "sql.writes", "true"));
      }

      @Test
      void theReportNamesMariaDbAndItsOwnDriver() {
         assertRanOn("MariaDB " + EmbeddedMariaDb.VERSION, "MariaDB Connector/J 3.5");
      }

      @Test
      void theCustomStatementFromTheFileRanForEveryOperation() throws SQLException {
         assertEquals("-- one row per operation\n" + HIT, settings(run).get("sql"));
         assertEveryCustomOperationRan(run, database);
      }
   }

   @Nested
   class Table extends BigTableContract {
      @Override
      protected Database database() {
         return new Database(url("jdbc:mariadb:", "tables"), "root", "");
      }
   }

   @Nested
   class Work extends WorkTableContract {
      @Override
      protected Database database() {
         return new Database(url("jdbc:mariadb:", "tables"), "root", "");
      }
   }
}
