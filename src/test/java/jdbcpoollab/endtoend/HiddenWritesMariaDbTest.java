package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MariaDB: custom statements without {@code -Dsql.writes} that got past the read-only guard. An
 * executable comment ({@code /*!50000 …}) is code to the server, so it is code to the check: one that turns the
 * session read-write, or one that deletes, is refused in one line. Neither {@code SET GLOBAL} nor {@code SELECT …
 * INTO OUTFILE} is stopped by a read-only session, so the text check refuses them. Each run ends with exit 64 before
 * any load, and the rows, the global setting and the file system are what they were.
 */
class HiddenWritesMariaDbTest {
   private static final int ROWS = 10;

   @TempDir
   Path tmp;

   @BeforeAll
   static void tables() throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE demo.guard_keep (id INT PRIMARY KEY)");
         st.execute("CREATE OR REPLACE FUNCTION demo.guard_del() RETURNS INT MODIFIES SQL DATA "
               + "BEGIN DELETE FROM demo.guard_keep LIMIT 1; RETURN 1; END");
      }
   }

   @Test
   void anExecutableCommentThatTurnsTheSessionReadWriteIsRefused() throws SQLException {
      fill();
      String sql = "SET @a = 1 /*!, tx_read_only = 0 */; SELECT guard_del()";
      GatlingRun.Result run = run(sql);
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Dsql=" + sql + ": allowed is "), run.failure());
      assertTrue(run.failure().endsWith("add -Dsql.writes=true to run them (exit code 64)"), run.failure());
      assertEquals(ROWS, rows());
   }

   @Test
   void aDeleteInsideAnExecutableCommentIsRefusedInOneLine() throws SQLException {
      fill();
      for (String sql : new String[] {"/*!50000 DELETE FROM guard_keep */", "/*M!100000 DELETE FROM guard_keep */"}) {
         GatlingRun.Result run = run(sql);
         assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
         assertEquals("jdbc-pool-lab: bad option -Dsql=" + sql + ": allowed is a statement that only reads: custom "
               + "statements run on read-only connections; add -Dsql.writes=true to run one that writes (exit code 64)",
               run.failure());
         assertFalse(run.console().contains("Exception"), run.console());
      }
      assertEquals(ROWS, rows());
   }

   @Test
   void setGlobalIsRefusedAndTheServerKeepsItsSetting() throws SQLException {
      String before = global();
      try {
         for (String sql : new String[] {"SET GLOBAL long_query_time = 9", "/*!50000 SET GLOBAL long_query_time = 9 */",
               "SET @a = 1, @@global.long_query_time = 9"}) {
            GatlingRun.Result run = run(sql);
            assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
            assertTrue(run.failure().contains(": allowed is a statement that changes no session or server state"),
                  run.failure());
            assertEquals(before, global(), sql);
         }
      } finally {
         try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL long_query_time = " + before);
         }
      }
   }

   @Test
   void intoOutfileIsRefusedAndWritesNoFile() {
      for (String into : new String[] {"OUTFILE", "DUMPFILE"}) {
         Path file = tmp.resolve("out-" + into.toLowerCase() + ".txt");
         String sql = "SELECT 1 INTO " + into + " '" + file + "'";
         GatlingRun.Result run = run(sql);
         assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
         assertTrue(run.failure().contains(": allowed is a statement that changes no session or server state"),
               run.failure());
         assertFalse(Files.exists(file), file + " was written");
      }
   }

   private static GatlingRun.Result run(String sql) {
      Map<String, String> options = new HashMap<>(Map.of("db.url", ExternalServer.get().url(), "db.user", "root",
            "pools", "1", "users", "1", "seconds", "0.3", "warmup", "0", "workloads", "custom", "sql", sql));
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   private static void fill() throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
         st.execute("TRUNCATE demo.guard_keep");
         st.execute("INSERT INTO demo.guard_keep SELECT seq FROM seq_1_to_" + ROWS);
      }
   }

   private static int rows() throws SQLException {
      return Integer.parseInt(value("SELECT COUNT(*) FROM demo.guard_keep"));
   }

   private static String global() throws SQLException {
      return value("SELECT @@global.long_query_time");
   }

   private static String value(String query) throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery(query)) {
         rs.next();
         return rs.getString(1);
      }
   }
}
