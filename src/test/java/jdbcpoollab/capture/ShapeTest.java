package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
         assertEquals(StatementKind.CHATTER, StatementKind.of(chatter), chatter);
      }
      assertEquals(StatementKind.AUTOCOMMIT_OFF, StatementKind.of("set autocommit=0"));
      assertEquals(StatementKind.AUTOCOMMIT_ON, StatementKind.of("SET autocommit=1, sql_mode = concat(@@sql_mode)"));
      assertEquals(StatementKind.BEGIN, StatementKind.of("START TRANSACTION READ ONLY"));
      assertEquals(StatementKind.BEGIN, StatementKind.of("BEGIN"));
      assertEquals(StatementKind.END, StatementKind.of("rollback"));
      assertEquals(StatementKind.WORK, StatementKind.of("ROLLBACK TO SAVEPOINT a"));
      assertEquals(StatementKind.WORK, StatementKind.of("SET @total = 3"));
      assertEquals(StatementKind.WORK, StatementKind.of("SELECT 1"));
      assertEquals(true, StatementKind.writes("insert into t values (1)"));
      assertEquals(true, StatementKind.writes("WITH x AS (SELECT 1) UPDATE t SET a = 1"));
      assertEquals(false, StatementKind.writes("SELECT * FROM updates"));
   }
}
