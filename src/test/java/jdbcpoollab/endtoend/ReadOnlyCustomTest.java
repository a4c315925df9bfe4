package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Preflight;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A custom statement that writes, without {@code -Dsql.writes}, against PostgreSQL, whose driver's read-only flag
 * does nothing under autocommit: through HikariCP and DBCP2 the run is refused before any load, by the statement's
 * text or by the server on a read-only session, and the table keeps its 100 rows.
 */
class ReadOnlyCustomTest {
   private static final int ROWS = 100;
   private static PostgresServer server;

   @BeforeAll
   static void start() throws SQLException {
      server = PostgresServer.startOrSkip();
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
         st.execute("CREATE FUNCTION tidy() RETURNS integer LANGUAGE plpgsql AS "
               + "'BEGIN DELETE FROM t WHERE id IN (SELECT id FROM t LIMIT 1); RETURN 1; END'");
      }
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   @TempDir
   Path tmp;

   @Test
   void theIssuesStatementsAreRefusedByTheirTextAndKeepEveryRow() throws SQLException {
      for (String sql : List.of("/* tidy */ DELETE FROM t WHERE id IN (SELECT id FROM t LIMIT 1)",
            "WITH d AS (DELETE FROM t WHERE id IN (SELECT id FROM t LIMIT 1) RETURNING id) SELECT count(*) FROM d")) {
         fill();
         try (LabProcess preflight = LabProcess.main(Preflight.class, options(sql), tmp.resolve("preflight.log"),
               "PoolSweep")) {
            assertEquals(Exit.BAD_OPTION, preflight.waitFor(Duration.ofMinutes(1)), preflight.output());
            assertEquals("jdbc-pool-lab: bad option -Dsql=" + sql + ": allowed is a statement that only reads: "
                  + "custom statements run on read-only connections; add -Dsql.writes=true to run one that writes "
                  + "(exit code 64)", BadInputTest.onlyLabLine(preflight.output()));
         }
         assertEquals(ROWS, rows());
      }
   }

   @Test
   void aWriteTheTextHidesFailsAtTheServerAndKeepsEveryRow() throws SQLException {
      fill();
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, options("SELECT tidy()"), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      String line = run.failure();
      assertTrue(line.startsWith("jdbc-pool-lab: bad option -Dsql: PostgreSQL " + server.version() + ".")
            && line.contains(" rejects it: ERROR: cannot execute DELETE in a read-only transaction")
            && line.endsWith(" (custom statements run on read-only connections; add -Dsql.writes=true to run one "
            + "that writes) (exit code 64)"), line);
      assertFalse(line.contains("\n"), line);
      assertEquals(ROWS, rows());
   }

   private static void fill() throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement()) {
         st.execute("TRUNCATE t");
         st.execute("INSERT INTO t SELECT generate_series(1, " + ROWS + ")");
      }
   }

   private static Map<String, String> options(String sql) {
      Map<String, String> options = new HashMap<>(Map.of("workloads", "custom", "sql", sql, "source", "hikari,dbcp2",
            "pools", "2", "users", "2", "seconds", "0.5", "warmup", "0", "jvmWarmup", "0"));
      options.putAll(server.target());
      return options;
   }

   private static int rows() throws SQLException {
      try (Connection c = server.database().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t")) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
