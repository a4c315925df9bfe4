package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShapeTest {
   private static final SqlText.Quoting MYSQL = SqlText.Quoting.MYSQL;
   private static final SqlText.Quoting STANDARD = SqlText.Quoting.STANDARD;

   @Test
   void literalsBecomeQuestionMarksAndListsFold() {
      assertEquals("SELECT name FROM orders WHERE id = ? AND note = ?",
            Shape.of("SELECT  name\nFROM orders WHERE id = 42 AND note = 'it''s'", STANDARD));
      assertEquals("SELECT * FROM t2 WHERE id IN (?) AND x > ? AND y = ?",
            Shape.of("SELECT * FROM t2 WHERE id IN (1, 2,3) AND x > -1.5e3 AND y = 0x1F", MYSQL));
      assertEquals("INSERT INTO t (a, b) VALUES (?, ?)",
            Shape.of("INSERT INTO t (a, b) VALUES (1, 'x'), (2, \"y\"), (3, 'z');", MYSQL));
      assertEquals("SELECT \"col1\" FROM t WHERE a = ?", Shape.of("SELECT \"col1\" FROM t WHERE a = E'\\n'", STANDARD));
      assertEquals("SELECT `c2` FROM t WHERE a = ?", Shape.of("/* app */ SELECT `c2` FROM t WHERE a = 'x' -- end",
            MYSQL));
      assertEquals("UPDATE t SET v = ? WHERE id = $1", Shape.of("UPDATE t SET v = $$a b$$ WHERE id = $1", STANDARD));
      assertEquals(Shape.of("SELECT v FROM t WHERE id = 1", MYSQL), Shape.of("SELECT v FROM t WHERE id = 977", MYSQL));
   }

   @Test
   void theDriversChatterAndTheTransactionMarksAreKnown() {
      for (String chatter : new String[] {"SET NAMES utf8mb4", "SET character_set_results = NULL",
            "/* mysql-connector-j-8.4.0 */SELECT @@session.auto_increment_increment AS x", "SHOW VARIABLES LIKE 'x'",
            "set session_track_schema=1", "SET extra_float_digits = 3", "SHOW TRANSACTION ISOLATION LEVEL",
            "SELECT DATABASE()", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"}) {
         assertEquals(StatementKind.CHATTER, StatementKind.of(chatter, MYSQL), chatter);
      }
      assertEquals(StatementKind.AUTOCOMMIT_OFF, StatementKind.of("set autocommit=0", MYSQL));
      assertEquals(StatementKind.AUTOCOMMIT_ON, StatementKind.of("SET autocommit=1, sql_mode = concat(@@sql_mode)",
            MYSQL));
      assertEquals(StatementKind.BEGIN, StatementKind.of("START TRANSACTION READ ONLY", MYSQL));
      assertEquals(StatementKind.BEGIN, StatementKind.of("BEGIN", MYSQL));
      assertEquals(StatementKind.END, StatementKind.of("rollback", MYSQL));
      assertEquals(StatementKind.WORK, StatementKind.of("ROLLBACK TO SAVEPOINT a", MYSQL));
      assertEquals(StatementKind.WORK, StatementKind.of("SET @total = 3", MYSQL));
      assertEquals(StatementKind.WORK, StatementKind.of("SELECT 1", MYSQL));
      assertEquals(true, StatementKind.writes("insert into t values (1)", MYSQL));
      assertEquals(true, StatementKind.writes("WITH x AS (SELECT 1) UPDATE t SET a = 1", MYSQL));
      assertEquals(false, StatementKind.writes("SELECT * FROM updates", MYSQL));
   }

   @Test
   void anExecutableCommentIsWhatItHoldsAndAReplayOfWhatAReadOnlySessionDoesNotGuardWrites() {
      assertEquals(StatementKind.CHATTER, StatementKind.of("/*!40101 SET NAMES utf8mb4 */", MYSQL));
      assertEquals(StatementKind.BEGIN, StatementKind.of("/*!50000 START TRANSACTION */", MYSQL));
      assertEquals(StatementKind.WORK, StatementKind.of("/*!50000 SET GLOBAL x = 1 */", STANDARD),
            "a comment to PostgreSQL");
      for (String sql : new String[] {"/*!50000 DELETE FROM t */", "/*M!100000 DELETE FROM t */",
            "SELECT 1 INTO OUTFILE '/tmp/x'", "START TRANSACTION READ WRITE", "PREPARE s FROM @sql", "KILL 7"}) {
         assertTrue(StatementKind.writes(sql, MYSQL), sql);
      }
      for (String sql : new String[] {"SELECT set_config('default_transaction_read_only', 'off', false)",
            "SELECT set_config('app.tenant', '7', false)", "SELECT lo_create(0)", "BEGIN READ WRITE",
            "BEGIN ISOLATION LEVEL SERIALIZABLE, READ WRITE", "WITH d AS (DELETE FROM t RETURNING id) SELECT * FROM d",
            "SET ROLE admin"}) {
         assertTrue(StatementKind.writes(sql, STANDARD), sql);
      }
      for (String sql : new String[] {"SELECT f()", "BEGIN", "START TRANSACTION READ ONLY", "SAVEPOINT a",
            "RELEASE SAVEPOINT a", "ROLLBACK TO SAVEPOINT a", "COMMIT", "SET @total = 3", "SET NAMES utf8mb4",
            "/* DELETE FROM t */ SELECT 1", "SELECT 1 INTO @x"}) {
         assertFalse(StatementKind.writes(sql, MYSQL), sql);
      }
   }
}
