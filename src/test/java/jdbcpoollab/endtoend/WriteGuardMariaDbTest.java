package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #50 on MariaDB: the guard is the server's, not the text's. A procedure that turns its read-only session
 * read-write and deletes passes the text check ({@code CALL p()}); the try before the load runs it in a transaction
 * rolled back, sees the session turned and the rows the server counted written, and ends the run in one line (exit
 * 64) with the rows as they were. A procedure that waits for its second call on a session gets past the try: the
 * step's own reading of the server's counters stops it within half a second, names the statement and the rows, and
 * the run ends with exit 64 before its next step. A read-only statement that sorts through an internal temporary
 * table counts no rows written, and every read-only step records the counts. The run says whether its account can
 * write.
 */
class WriteGuardMariaDbTest {
   private static final int ROWS = 20_000;
   private static final String READER_PASSWORD = "guard-reader-pw";

   @BeforeAll
   static void tables() throws SQLException {
      ExternalServer.get().requirePasswords("guard_admin", READER_PASSWORD);
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE demo.guard_rows (id INT PRIMARY KEY, tag INT NOT NULL)");
         st.execute("CREATE OR REPLACE PROCEDURE demo.guard_now() BEGIN SET SESSION transaction_read_only = 0; "
               + "DELETE FROM demo.guard_rows LIMIT 1; END");
         st.execute("CREATE OR REPLACE PROCEDURE demo.guard_later() BEGIN IF @guard_calls IS NULL THEN "
               + "SET @guard_calls = 1; ELSE SET SESSION transaction_read_only = 0; "
               + "DELETE FROM demo.guard_rows LIMIT 1; END IF; END");
         st.execute("CREATE OR REPLACE USER 'guard_reader'@'%' IDENTIFIED BY '" + READER_PASSWORD + "'");
         st.execute("GRANT SELECT ON demo.* TO 'guard_reader'@'%'");
      }
   }

   @Test
   void aProcedureThatTurnsTheSessionReadWriteIsStoppedBeforeTheLoadAndRolledBack() throws SQLException {
      fill();
      GatlingRun.Result run = run("CALL guard_now()", "1", "1");
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: bad option -Dsql: it turns its read-only session "
            + "read-write"), run.failure());
      assertTrue(run.failure().contains("the server counted 1 rows written while it ran once before the load "
            + "(Handler_delete +1; every client's together)"),
            run.failure());
      assertEquals(ROWS, rows(), "the try's delete was rolled back");
   }

   @Test
   void aProcedureThatWritesFromItsSecondCallStopsTheStepWithinHalfASecond() throws SQLException {
      fill();
      GatlingRun.Result run = run("CALL guard_later()", "1,2", "5");
      assertEquals(Exit.BAD_OPTION, run.exitCode(), run.console());
      assertTrue(run.console().contains("jdbc-pool-lab: a read-only step wrote rows: custom pool=1 ran CALL "
            + "guard_later(), and the server counted "), run.console());
      assertTrue(run.console().contains("every client's together"), run.console());
      Map<String, Object> step = run.step("custom", 1);
      assertEquals(false, step.get("complete"), run.console());
      assertTrue(((Number) step.get("seconds")).doubleValue() < 2.5, "stopped at once, not at 5 s: " + step);
      long deleted = ((Number) rowsWritten(step).get("Handler_delete")).longValue();
      assertTrue(deleted > 0 && ROWS - rows() == deleted, deleted + " counted, " + (ROWS - rows()) + " deleted");
      assertEquals(List.of(), run.steps().stream().filter(s -> ((Number) s.get("pool")).intValue() == 2
            && ((Number) s.get("ok")).longValue() > 0).toList(), "pool 2 never ran");
      assertEquals(Exit.BAD_OPTION, ((Number) run.summary().get("exitCode")).intValue());
      assertTrue(((String) run.summary().get("error")).startsWith("a read-only step wrote rows: custom pool=1"));
   }

   @Test
   void aSortThroughATemporaryTableCountsNoRowsWritten() throws SQLException {
      fill();
      GatlingRun.Result run = run("SELECT tag, COUNT(*) FROM guard_rows GROUP BY tag ORDER BY 2 DESC LIMIT 3",
            "1", "1");
      assertEquals(0, run.exitCode(), run.console());
      assertEquals(Map.of("Handler_write", 0, "Handler_update", 0, "Handler_delete", 0),
            rowsWritten(run.step("custom", 1)));
      assertTrue(run.console().contains("jdbc-pool-lab: the lab's account root can write on MariaDB "), run.console());
      assertTrue(run.console().contains("(GRANT ALL PRIVILEGES ON *.* TO `root`@`127.0.0.1`): the run holds its sessions read-only and "
            + "counts the rows the server writes, but an account that can only read is safer"), run.console());
      assertEquals(ROWS, rows());
   }

   /**
    * An account granted SELECT alone still writes in MariaDB's {@code test} databases, which a default install grants
    * to {@code PUBLIC}: the line says so from the server's grants; without that grant, it cannot write.
    */
   @Test
   void whetherTheAccountCanWriteIsTheServersWord() throws SQLException {
      Map<String, String> options = options("SELECT COUNT(*) FROM guard_rows", "1", "1");
      options.putAll(Map.of("db.user", "guard_reader", "db.password", READER_PASSWORD));
      try {
         publicTestDatabase("GRANT ALL PRIVILEGES ON `test`.* TO PUBLIC");
         GatlingRun.Result open = GatlingRun.run(PoolSweep.class, options, false);
         assertEquals(0, open.exitCode(), open.console());
         assertTrue(open.console().contains("jdbc-pool-lab: the lab's account guard_reader can write on MariaDB "),
               open.console());
         assertTrue(open.console().contains(" ON `test`.* TO PUBLIC): "), open.console());
         publicTestDatabase("REVOKE ALL PRIVILEGES ON `test`.* FROM PUBLIC");
         GatlingRun.Result reader = GatlingRun.run(PoolSweep.class, options, false);
         assertEquals(0, reader.exitCode(), reader.console());
         assertTrue(reader.console().contains("jdbc-pool-lab: the lab's account guard_reader cannot write on MariaDB "
               + "11.4.5 (its grants only read)"), reader.console());
         assertFalse(reader.console().contains("is safer") || reader.console().contains(READER_PASSWORD),
               reader.console());
      } finally {
         publicTestDatabase("GRANT ALL PRIVILEGES ON `test`.* TO PUBLIC");
      }
   }

   /** The default install's grant of the {@code test} databases to every account, granted or revoked. */
   private static void publicTestDatabase(String grant) throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
         st.execute(grant);
         st.execute(grant.replace("`test`", "`test\\_%`"));
      }
   }

   /** A step's {@code database.rowsWritten} in summary.json: the server's counts, by counter. */
   @SuppressWarnings("unchecked")
   static Map<String, Object> rowsWritten(Map<String, Object> step) {
      Map<String, Object> written = (Map<String, Object>) ((Map<String, Object>) step.get("database"))
            .get("rowsWritten");
      assertNotNull(written, step.toString());
      return written;
   }

   private static GatlingRun.Result run(String sql, String pools, String seconds) {
      return GatlingRun.run(PoolSweep.class, options(sql, pools, seconds), false);
   }

   private static Map<String, String> options(String sql, String pools, String seconds) {
      return new HashMap<>(Map.of("db.url", ExternalServer.get().url(), "db.user", "root", "pools", pools,
            "users", "1", "seconds", seconds, "warmup", "0", "workloads", "custom", "sql", sql));
   }

   private static void fill() throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement()) {
         st.execute("TRUNCATE demo.guard_rows");
         st.execute("INSERT INTO demo.guard_rows SELECT seq, seq % 97 FROM seq_1_to_" + ROWS);
      }
   }

   private static int rows() throws SQLException {
      try (Connection c = ExternalServer.get().root().connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM demo.guard_rows")) {
         rs.next();
         return rs.getInt(1);
      }
   }
}
