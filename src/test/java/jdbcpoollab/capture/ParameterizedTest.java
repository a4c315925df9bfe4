package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ParameterizedTest {
   private static final SqlText.Quoting MYSQL = SqlText.Quoting.MYSQL;
   private static final SqlText.Quoting STANDARD = SqlText.Quoting.STANDARD;

   private static void parameterized(String sql, String expected, List<Object> values) {
      assertEquals(new Parameterized(expected, values), Parameterized.of(sql, MYSQL), sql);
   }

   @Test
   void sysbenchsStatementsBindEachNumberAsALongAndKeepTheirNames() {
      parameterized("SELECT c FROM sbtest1 WHERE id=4555", "SELECT c FROM sbtest1 WHERE id=?", List.of(4555L));
      parameterized("SELECT c FROM sbtest1 WHERE id BETWEEN 4738 AND 4837 ORDER BY c",
            "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", List.of(4738L, 4837L));
      parameterized("SELECT SUM(k) FROM sbtest12 WHERE id BETWEEN 1 AND 100",
            "SELECT SUM(k) FROM sbtest12 WHERE id BETWEEN ? AND ?", List.of(1L, 100L));
      parameterized("SELECT t1.col2, t2.c3 FROM t1 JOIN t2 ON t2.id = t1.col2 WHERE t1.x9 > 7",
            "SELECT t1.col2, t2.c3 FROM t1 JOIN t2 ON t2.id = t1.col2 WHERE t1.x9 > ?", List.of(7L));
      parameterized("SELECT a FROM t WHERE id IN (1, 2,3) LIMIT 10", "SELECT a FROM t WHERE id IN (?, ?,?) LIMIT ?",
            List.of(1L, 2L, 3L, 10L));
      parameterized("INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y')", "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)",
            List.of(1L, "x", 2L, "y"));
   }

   @Test
   void decimalsAndNumbersPastALongBindAsBigDecimalsAndAMinusStaysInTheText() {
      parameterized("UPDATE t SET v = 1.50, w = .5 WHERE id = 92233720368547758070",
            "UPDATE t SET v = ?, w = ? WHERE id = ?",
            List.of(new BigDecimal("1.50"), new BigDecimal(".5"), new BigDecimal("92233720368547758070")));
      parameterized("SELECT a FROM t WHERE x = -5 AND y = id-1 AND z = 9223372036854775807",
            "SELECT a FROM t WHERE x = -? AND y = id-? AND z = ?", List.of(5L, 1L, Long.MAX_VALUE));
   }

   @Test
   void stringsBindWithTheirQuotingUndone() {
      parameterized("SELECT a FROM t WHERE n = 'it''s' AND m = 'back\\\\slash \\'q\\' \\n' AND p LIKE 'a\\%'",
            "SELECT a FROM t WHERE n = ? AND m = ? AND p LIKE ?", List.of("it's", "back\\slash 'q' \n", "a\\%"));
      assertEquals(new Parameterized("SELECT a FROM t WHERE n = ? AND m = ?", List.of("it's", "c:\\dir")),
            Parameterized.of("SELECT a FROM t WHERE n = 'it''s' AND m = 'c:\\dir'", STANDARD));
   }

   @Test
   void commentsAndQuotedNamesKeepTheirDigits() {
      parameterized("/* app 42 */ SELECT `col 7` FROM t3 WHERE id = 8 -- after 9\n# and 10\n",
            "/* app 42 */ SELECT `col 7` FROM t3 WHERE id = ? -- after 9\n# and 10\n", List.of(8L));
      parameterized("SELECT \"x1\" FROM t WHERE a = \"b\"", "SELECT \"x1\" FROM t WHERE a = \"b\"", List.of());
   }

   @Test
   void literalsAMarkerWouldChangeStayInTheText() {
      for (String sql : List.of("SELECT a FROM t WHERE x = 1e3 AND y = 0x1F AND z = 0b101",
            "SELECT a FROM t WHERE x = X'4F' AND y = N'abc' AND z = _utf8mb4'abc' AND w = b'101'",
            "SELECT a FROM t WHERE d = DATE '2024-01-02' AND t > NOW() - INTERVAL 1 DAY",
            "SELECT CAST(a AS DECIMAL(10,2)), CAST(b AS CHAR(5)) FROM t ORDER BY 1, 2",
            "SELECT a, COUNT(*) FROM t GROUP BY 1",
            "SELECT 'a' 'b', 'c' COLLATE utf8mb4_bin FROM t",
            "SELECT a FROM t WHERE n IS NULL AND b = TRUE AND c = FALSE",
            "SELECT a FROM t WHERE b = 'unclosed\\'")) {
         parameterized(sql, sql, List.of());
      }
      assertEquals(new Parameterized("SELECT a FROM t WHERE x = E'\\n' AND y = U&'d' AND z = ?", List.of("q")),
            Parameterized.of("SELECT a FROM t WHERE x = E'\\n' AND y = U&'d' AND z = 'q'", STANDARD));
   }

   @Test
   void postgresNumbersStayAndAQuestionMarkOfItsCodeIsEscapedForPgjdbc() {
      assertEquals(new Parameterized("SELECT v FROM t WHERE id = ? AND doc ?? ? LIMIT 10 OFFSET $1",
            List.of("42", "k")), Parameterized.of("SELECT v FROM t WHERE id = '42' AND doc ? 'k' LIMIT 10 OFFSET $1",
            STANDARD));
   }

   @Test
   void aStringThatDoesNotCloseIsNotUnquoted() {
      assertNull(Parameterized.unquoted("'abc\\'", MYSQL));
      assertEquals("abc\\", Parameterized.unquoted("'abc\\'", STANDARD));
   }
}
