package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.MySqlDialect;
import jdbcpoollab.db.OracleDialect;
import jdbcpoollab.db.PostgresDialect;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the preflight tells from a custom statement's text: writes, and statements that would end read-only. */
class WriteCheckTest {

   @Test
   void aWriteBehindLeadingCommentsIsStillAWrite() {
      for (String sql : List.of("/* tidy */ DELETE FROM t WHERE id IN (SELECT id FROM t LIMIT 1)",
            "-- tidy up\nDELETE FROM t", "# tidy up\n  update t set x = 1", "/* a */ /* b */\n-- c\nDROP TABLE t",
            "/* multi\nline */ TRUNCATE t")) {
         assertEquals(WriteCheck.WRITES, WriteCheck.of(sql), sql);
      }
   }

   @Test
   void aDataModifyingCommonTableExpressionIsAWrite() {
      for (String sql : List.of("WITH d AS (DELETE FROM t RETURNING id) SELECT count(*) FROM d",
            "/* x */ with u as (update t set n = n + 1 returning n) select * from u",
            "WITH i AS (INSERT INTO t VALUES (1) RETURNING id) SELECT id FROM i",
            "WITH ids AS (SELECT id FROM t) DELETE FROM t WHERE id IN (SELECT id FROM ids)")) {
         assertEquals(WriteCheck.WRITES, WriteCheck.of(sql), sql);
      }
   }

   @Test
   void transactionControlAndTheReadOnlySettingWouldEndReadOnly() {
      for (String sql : List.of("COMMIT", "rollback", "/* x */ BEGIN", "BEGIN WORK", "START TRANSACTION READ WRITE",
            "SAVEPOINT s", "SET TRANSACTION READ WRITE", "SET SESSION TRANSACTION READ WRITE",
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE", "SET default_transaction_read_only = off",
            "SET @@session.transaction_read_only = 0", "set session tx_read_only=0", "END", "ABORT",
            "SELECT set_config('default_transaction_read_only', 'off', false)")) {
         assertEquals(WriteCheck.ENDS_READ_ONLY, WriteCheck.of(sql), sql);
      }
   }

   @Test
   void readsAreNotRefusedForWordsInStringsCommentsOrLockingReads() {
      for (String sql : List.of("SELECT 1", "SELECT 'DELETE FROM t' AS x", "/* DELETE */ SELECT 1",
            "SELECT id FROM t -- then DELETE", "WITH c AS (SELECT id FROM t) SELECT id FROM c FOR UPDATE",
            "WITH c AS (SELECT 'update' AS w) SELECT w FROM c", "SELECT \"delete\" FROM t", "SET @x = 1",
            "BEGIN DBMS_SESSION.SLEEP(0.01); END;", "SELECT 'it''s' FROM dual", "SELECT 'a\\'b', 1",
            "SHOW transaction_read_only", "SELECT pg_sleep(0.001)")) {
         assertEquals(WriteCheck.NONE, WriteCheck.of(sql), sql);
      }
   }

   @Test
   void theOptionRefusesThemInOneLineUnlessWritesAreAsked() {
      String writes = refusal("/* tidy */ DELETE FROM t");
      assertTrue(writes.startsWith("bad option -Dsql=/* tidy */ DELETE FROM t: allowed is a statement that only reads"),
            writes);
      String cte = refusal("WITH d AS (DELETE FROM t RETURNING id) SELECT count(*) FROM d");
      assertTrue(cte.contains("add -Dsql.writes=true to run one that writes"), cte);
      String commit = refusal("SELECT 1; COMMIT; DELETE FROM t");
      assertTrue(commit.contains("without transaction control") && commit.contains("-Dsql.writes=true"), commit);
      for (String line : List.of(writes, cte, commit)) {
         assertFalse(line.contains("\n"), line);
      }
      assertTrue(create("/* tidy */ DELETE FROM t", "true", new MySqlDialect()).writes());
      assertTrue(create("COMMIT", "true", new MySqlDialect()).writes());
   }

   @Test
   void onlyOnOracleEachOperationRunsInAReadOnlyTransaction() {
      assertTrue(create("SELECT 1 FROM dual", "false", new OracleDialect()).readOnlyTransaction());
      assertFalse(create("SELECT 1", "false", new MySqlDialect()).readOnlyTransaction());
      assertFalse(create("SELECT 1", "false", new PostgresDialect()).readOnlyTransaction());
      assertFalse(create("DELETE FROM t", "true", new OracleDialect()).readOnlyTransaction());
   }

   @Test
   void aMixWithTheCustomStatementRunsOnReadOnlyConnectionsUnlessWritesAreAsked() {
      for (String writes : List.of("false", "true")) {
         Properties p = new Properties();
         p.putAll(Map.of("workloads", "custom,mix", "mix", "custom:1,wait:9", "sql", "SELECT 1", "sql.writes", writes));
         Workload mix = Workloads.DEFAULT.choose(new Options(p, Map.of()), "wait", new MySqlDialect()).workloads()
               .stream().filter(w -> w.name().equals("mix")).findFirst().orElseThrow();
         assertEquals(writes.equals("false"), mix.readOnly(), writes);
      }
   }

   private static String refusal(String sql) {
      return assertThrows(OptionException.class, () -> create(sql, "false", new MySqlDialect())).getMessage();
   }

   private static CustomWorkload create(String sql, String writes, Dialect dialect) {
      Properties p = new Properties();
      p.putAll(Map.of("sql", sql, "sql.writes", writes));
      Options options = new Options(p, Map.of());
      return (CustomWorkload) new CustomWorkload.Type().create(dialect, options, List.of("custom"));
   }
}
