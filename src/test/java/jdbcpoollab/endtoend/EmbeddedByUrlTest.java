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
import org.junit.jupiter.api.TestInstance;
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
 * ({@code jdbc:mariadb:}): the wait sweep, and a custom statement read from a file. It is the test JVM's
 * {@link ExternalServer}, which the other classes of the JVM reach by URL too: one server start for all of them. The
 * wait sweep through MySQL Connector/J is {@link PoolSweepIntegrationTest}'s (the same driver and server, the lab's
 * own URL), and the report's names for MySQL Connector/J by URL are {@link ServerVersionTest}'s.
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

   /** MariaDB's own driver. */
   @Nested
   class MariaDbDriver extends WaitSweepContract {
      @BeforeAll
      void runSweep() {
         run = sweepThrough(url("jdbc:mariadb:", EmbeddedMariaDb.DATABASE), Map.of());
      }

      @Test
      void theReportNamesMariaDbAndItsOwnDriver() {
         assertRanOn("MariaDB " + EmbeddedMariaDb.VERSION, "MariaDB Connector/J 3.5");
      }
   }

   /**
    * A custom statement read from a file, through MariaDB's own driver: what it ran is counted, not timed, so it runs
    * beside other classes, on half-second windows.
    */
   @Nested
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class CustomStatementFromAFile {
      private final Database database = new Database(url("jdbc:mariadb:", EmbeddedMariaDb.DATABASE), "root", "");
      private GatlingRun.Result run;

      @BeforeAll
      void runSweep(@TempDir Path dir) throws SQLException, IOException {
         WaitSweepContract.createHitsTable(database);
         Path file = Files.writeString(dir.resolve("hit.sql"), "-- one row per operation\n" + WaitSweepContract.HIT
               + ";\n");
         run = sweepThrough(database.url(), Map.of("workloads", "custom", "sql", "@" + file, "sql.writes", "true",
               "users", "8", "seconds", "0.5", "warmup", "0.2"));
      }

      @Test
      void theCustomStatementFromTheFileRanForEveryOperation() throws SQLException {
         assertEquals("-- one row per operation\n" + WaitSweepContract.HIT, WaitSweepContract.settings(run).get("sql"));
         WaitSweepContract.assertEveryCustomOperationRan(run, database);
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
