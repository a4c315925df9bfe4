package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.MySqlDialect;
import jdbcpoollab.db.OracleDialect;
import jdbcpoollab.db.PostgresDialect;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
   void anExecutableCommentIsCodeToMySqlAndMariaDb() {
      for (String sql : List.of("/*!50000 DELETE FROM t */", "/*!DELETE FROM t*/", "/*M!100000 DELETE FROM t */",
            "/*!50000 INSERT INTO t VALUES ('*/') */", "/* tidy */ /*!50000 TRUNCATE t */")) {
         assertEquals(WriteCheck.WRITES, WriteCheck.of(sql, SqlText.Quoting.MYSQL), sql);
         assertEquals(WriteCheck.NONE, WriteCheck.of(sql, SqlText.Quoting.STANDARD), "a comment to PostgreSQL: " + sql);
      }
      assertEquals(WriteCheck.ENDS_READ_ONLY, WriteCheck.of("SET @a = 1 /*!, tx_read_only = 0 */"));
      assertEquals(WriteCheck.CHANGES_STATE, WriteCheck.of("/*!50000 SET GLOBAL long_query_time = 9 */"));
      assertEquals(WriteCheck.CHANGES_STATE, WriteCheck.of("SELECT 1 /*!50000 INTO OUTFILE '/tmp/x' */"));
      for (String sql : List.of("SELECT 1 /*!, 2 */", "SELECT /*+ MAX_EXECUTION_TIME(10) */ 1", "/*!40101 SELECT 1 */",
            "SELECT 1 /* ! DELETE */", "SELECT '/*!50000 DELETE FROM t */'")) {
         assertEquals(WriteCheck.NONE, WriteCheck.of(sql, SqlText.Quoting.MYSQL), sql);
      }
   }

   @Test
   void aSetOfAnythingButUserVariablesChangesTheSession() {
      for (String sql : List.of("SET GLOBAL long_query_time = 9", "SET SESSION sql_mode = ''", "set names utf8mb4",
            "SET @@global.long_query_time = 9", "SET@@session.sql_mode = ''", "SET search_path = other",
            "SET @a = 1, @@session.sql_mode = ''", "SET @a = (SELECT 1), b = 2", "SET ROLE admin",
            "SET STATEMENT max_statement_time = 1 FOR SELECT 1", "SET LOCAL work_mem = '1GB'")) {
         assertEquals(WriteCheck.CHANGES_STATE, WriteCheck.of(sql), sql);
      }
      for (String sql : List.of("SET \"default_transaction_read_only\" = off", "SET @a = 1, tx_read_only = 0",
            "SET SESSION TRANSACTION READ WRITE")) {
         assertEquals(WriteCheck.ENDS_READ_ONLY, WriteCheck.of(sql), sql);
      }
      for (String sql : List.of("SET @x = 1", "SET @x := (SELECT COUNT(*) FROM t WHERE id IN (1, 2)), @y = 'a,b'",
            "SET @`my var` = 1", "set @'x' = 2")) {
         assertEquals(WriteCheck.NONE, WriteCheck.of(sql), sql);
      }
   }

   @Test
   void filesLargeObjectsSettingFunctionsAndDynamicSqlChangeWhatAReadOnlySessionDoesNotGuard() {
      for (String sql : List.of("SELECT set_config('default_transaction_rea' || 'd_only', 'off', false)",
            "SELECT pg_catalog.set_config('search_path', 'x', false)", "SELECT \"set_config\"('a.b', 'c', false)",
            "SELECT 1 INTO OUTFILE '/tmp/x'", "SELECT * FROM t INTO DUMPFILE '/tmp/x'",
            "SELECT 1 INTO /* here */ outfile '/tmp/x'", "SELECT lo_create(0)", "SELECT lo_creat(-1)",
            "SELECT lo_import('/etc/hostname')", "SELECT lo_export(1, '/tmp/x')", "SELECT lo_from_bytea(0, 'x')",
            "SELECT lo_put(1, 0, 'x')", "SELECT lo_unlink(1)", "SELECT lowrite(0, 'x')",
            "SELECT pg_terminate_backend(1)", "SELECT pg_reload_conf()",
            "SELECT * FROM dblink('dbname=lab', 'DELETE FROM t') AS d(x int)",
            "PREPARE s FROM 'SET SESSION tx_read_only = 0'", "EXECUTE s", "DEALLOCATE PREPARE s",
            "KILL 7", "FLUSH TABLES", "LOCK TABLES t WRITE", "USE other", "RESET QUERY CACHE", "XA START 'x'",
            "/*!50000 KILL 7 */", "ANALYZE t", "ANALYZE TABLE t", "analyse verbose t")) {
         assertEquals(WriteCheck.CHANGES_STATE, WriteCheck.of(sql), sql);
      }
      for (String sql : List.of("SELECT lo_get(1)", "SELECT 1 INTO @x", "SELECT id FROM t WHERE note = 'into outfile'",
            "SELECT * FROM outfile", "SHOW VARIABLES", "SELECT current_setting('default_transaction_read_only')",
            "ANALYZE SELECT * FROM t", "ANALYZE FORMAT=JSON SELECT 1", "EXPLAIN SELECT 1")) {
         assertEquals(WriteCheck.NONE, WriteCheck.of(sql), sql);
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
      String state = refusal("SET GLOBAL long_query_time = 9");
      assertTrue(state.startsWith("bad option -Dsql=SET GLOBAL long_query_time = 9: allowed is a statement that "
            + "changes no session or server state: ") && state.endsWith("add -Dsql.writes=true to run them"), state);
      String executable = refusal("/*!50000 DELETE FROM t */");
      assertTrue(executable.startsWith("bad option -Dsql=/*!50000 DELETE FROM t */: allowed is a statement that only "
            + "reads"), executable);
      assertEquals("bad option -Dsql=/* nothing */ -- at all: allowed is one SQL statement (it holds only comments)",
            refusal("/* nothing */ -- at all"));
      for (String line : List.of(state, executable)) {
         assertFalse(line.contains("\n"), line);
      }
      assertTrue(create("/* tidy */ DELETE FROM t", "true", new MySqlDialect()).writes());
      assertTrue(create("COMMIT", "true", new MySqlDialect()).writes());
      assertTrue(create("SET GLOBAL long_query_time = 9", "true", new MySqlDialect()).writes());
   }

   @Test
   void aFileRefusedNamesItselfAndTheStatementOnOneLine(@TempDir Path dir) throws IOException {
      Path file = Files.writeString(dir.resolve("off.sql"), "SELECT 1;\nSET \"default_transaction_read_only\"\n  = off;"
            + "\nSELECT del();\n");
      String line = assertThrows(OptionException.class, () -> create("@" + file, "false", new PostgresDialect()))
            .getMessage();
      assertTrue(line.startsWith("bad option -Dsql=@" + file + " (SET \"default_transaction_read_only\" = off): "
            + "allowed is statements without transaction control"), line);
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
