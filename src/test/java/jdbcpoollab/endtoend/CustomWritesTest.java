package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Preflight;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.LabProcess;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "custom SQL that writes": a statement that plainly writes, behind a comment or not, is refused before the
 * database is reached, one that hides its write (a procedure's) is refused by the server on the read-only session,
 * and none touches a row; with {@code -Dsql.writes=true} a write runs. Against a real server, on a table of its own.
 */
class CustomWritesTest {
   @TempDir
   Path tmp;

   @Test
   void customStatementsCannotWriteUnlessAskedTo() throws SQLException {
      ExternalServer server = ExternalServer.get();
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE demo.keep (x INT)");
         st.execute("INSERT INTO demo.keep VALUES (1), (2), (3)");
         st.execute("CREATE OR REPLACE PROCEDURE demo.tidy() DELETE FROM demo.keep");
      }

      for (String sql : List.of("DELETE FROM keep", "/* tidy up */ DELETE FROM keep")) {
         try (LabProcess plain = LabProcess.main(Preflight.class, Map.of("db.url", server.url(), "db.user", "root",
               "workloads", "custom", "sql", sql), tmp.resolve("preflight.log"), "PoolSweep")) {
            assertEquals(Exit.BAD_OPTION, plain.waitFor(Duration.ofMinutes(1)), plain.output());
            assertEquals("jdbc-pool-lab: bad option -Dsql=" + sql + ": allowed is a statement that only reads: "
                  + "custom statements run on read-only connections; add -Dsql.writes=true to run one that writes "
                  + "(exit code 64)", BadInputTest.onlyLabLine(plain.output()));
         }
      }
      assertEquals(3, rows(server));

      GatlingRun.Result hidden = run(server, "CALL tidy()", Map.of("source", "dbcp2"));
      assertEquals(Exit.BAD_OPTION, hidden.exitCode(), hidden.console());
      assertTrue(hidden.failure().contains("rejects it: ") && hidden.failure().contains("-Dsql.writes=true"),
            hidden.failure());
      assertEquals(3, rows(server));

      GatlingRun.Result allowed = run(server, "DELETE FROM keep WHERE x = 3", Map.of("sql.writes", "true"));
      assertEquals(0, allowed.exitCode(), allowed.console());
      assertEquals(2, rows(server));
   }

   private static GatlingRun.Result run(ExternalServer server, String sql, Map<String, String> extra) {
      Map<String, String> options = new HashMap<>(Map.of("db.url", server.url(), "db.user", "root", "pools", "1",
            "users", "2", "seconds", "0.3", "warmup", "0", "workloads", "custom", "sql", sql));
      options.putAll(extra);
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   private static int rows(ExternalServer server) throws SQLException {
      try (Connection c = server.root().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM demo.keep")) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
