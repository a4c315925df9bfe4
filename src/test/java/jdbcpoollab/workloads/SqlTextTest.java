package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialects;
import jdbcpoollab.workloads.SqlText.Quoting;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Quotes, comments and dollar quotes are the statement's own text, as each product reads them. */
class SqlTextTest {

   @Test
   void aParameterInACommentOrALiteralIsText() {
      BoundSql commented = BoundSql.of("SELECT * FROM t WHERE id = #{id} -- by #{id}\n AND b = 1");
      assertEquals(List.of("id"), commented.names());
      assertEquals("SELECT * FROM t WHERE id = ? -- by #{id}\n AND b = 1", commented.jdbc());
      BoundSql literal = BoundSql.of("SELECT * FROM t WHERE tag = '#{tag}' AND id = #{id} /* #{x} */");
      assertEquals(List.of("id"), literal.names());
      assertEquals(List.of(), literal.missing(Set.of("id")));
      assertEquals(List.of("id"), BoundSql.of("SELECT 1 # by #{who}\nFROM t WHERE id = #{id}", Quoting.MYSQL)
            .names());
   }

   @Test
   void aMySqlBackslashEscapedQuoteKeepsTheSemicolonInItsString() {
      assertEquals(List.of("SELECT 'it\\'s; odd'", "SELECT 2"),
            SqlScript.split("SELECT 'it\\'s; odd'; SELECT 2", Quoting.MYSQL));
      assertEquals(List.of("SELECT \"a\\\"; b\"", "SELECT `x;y` FROM t"),
            SqlScript.split("SELECT \"a\\\"; b\"; SELECT `x;y` FROM t", Quoting.MYSQL));
      assertEquals(List.of("SELECT 1 # one; two\n", "SELECT 2").get(1),
            SqlScript.split("SELECT 1 # one; two\n; SELECT 2", Quoting.MYSQL).get(1));
   }

   @Test
   void standardSqlDoublesQuotesAndABackslashIsPlainText() {
      assertEquals(List.of("SELECT 'C:\\'", "SELECT 'it''s; odd'"),
            SqlScript.split("SELECT 'C:\\'; SELECT 'it''s; odd'", Quoting.STANDARD));
      assertEquals(List.of("SELECT E'it\\'s; odd'", "SELECT 2"),
            SqlScript.split("SELECT E'it\\'s; odd'; SELECT 2", Quoting.STANDARD));
   }

   @Test
   void aPostgresDollarQuoteIsOneStatement() {
      String block = "DO $$ BEGIN PERFORM pg_sleep(0.001); END $$";
      assertEquals(List.of(block), SqlScript.split(block + ";", Quoting.STANDARD));
      String tagged = "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql";
      assertEquals(List.of(tagged, "SELECT f()"), SqlScript.split(tagged + "; SELECT f()", Quoting.STANDARD));
      assertEquals(List.of("PREPARE p AS SELECT $1", "EXECUTE p(1)"),
            SqlScript.split("PREPARE p AS SELECT $1; EXECUTE p(1)", Quoting.STANDARD));
   }

   @Test
   void nestedBlockCommentsAndMySqlDashDashNeedsASpace() {
      assertEquals(List.of("SELECT 1 /* a /* b; */ c; */", "SELECT 2"),
            SqlScript.split("SELECT 1 /* a /* b; */ c; */; SELECT 2", Quoting.STANDARD));
      assertEquals("SELECT 5--1", SqlText.code("SELECT 5--1", Quoting.MYSQL));
      assertEquals("SELECT 5  ", SqlText.code("SELECT 5 -- 1", Quoting.MYSQL));
   }

   @Test
   void anExecutableCommentIsCodeToMySqlAndMariaDbAndACommentElsewhere() {
      assertEquals("  DELETE FROM t  ", SqlText.code("/*!50000 DELETE FROM t */", Quoting.MYSQL));
      assertEquals("SET @a = 1  , tx_read_only = 0  ", SqlText.code("SET @a = 1 /*!, tx_read_only = 0 */",
            Quoting.MYSQL));
      assertEquals("  DELETE FROM t  ", SqlText.code("/*M!100000 DELETE FROM t */", Quoting.MYSQL));
      assertEquals("SELECT 1  ", SqlText.code("SELECT 1 /*M comment */", Quoting.MYSQL));
      assertEquals("  SELECT    ", SqlText.code("/*! SELECT '*/' */", Quoting.MYSQL), "a quote in it is a quote");
      assertEquals(" ", SqlText.code("/*!50000 DELETE FROM t */", Quoting.STANDARD));
      assertEquals(List.of("/*!50000 DELETE FROM t */"), SqlScript.split("/*!50000 DELETE FROM t */;", Quoting.MYSQL));
      assertEquals(List.of(), SqlScript.split("/* DELETE FROM t */;", Quoting.MYSQL));
      assertEquals("  SET GLOBAL x = 1   SELECT 'a'", SqlText.uncommented("/*!50000 SET GLOBAL x = 1 */ SELECT 'a'",
            Quoting.MYSQL));
      assertEquals(List.of("x"), BoundSql.of("SELECT 1 /*!, #{x} */", Quoting.MYSQL).names());
   }

   @Test
   void eachProductQuotesItsOwnWay() {
      assertEquals(Quoting.MYSQL, Quoting.of(Dialects.forUrl("jdbc:mariadb://127.0.0.1/x").name()));
      assertEquals(Quoting.STANDARD, Quoting.of(Dialects.forUrl("jdbc:postgresql://127.0.0.1/x").name()));
      assertEquals(Quoting.STANDARD, Quoting.of(Dialects.forUrl("jdbc:oracle:thin:@127.0.0.1:1521/x").name()));
   }

   @Test
   void requestAndStatementNamesCarryOnlyTextGatlingsReportCannotRun() {
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> Request.Statement.of("a</script>", "SELECT 1"));
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Request.of("x'y",
            List.of(Request.Statement.of("statement 1", "SELECT 1")), false));
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> jdbcpoollab.measure.StepId.of("wait\"", 1));
   }
}
