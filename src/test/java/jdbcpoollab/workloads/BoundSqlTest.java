package jdbcpoollab.workloads;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gatling EL parameters turned into JDBC's ?, bound in order; a ? of the user's own refused. */
class BoundSqlTest {

   @Test
   void eachParameterBecomesAQuestionMarkInOrderARepeatedOneTwice() {
      BoundSql sql = BoundSql.of("SELECT * FROM t WHERE a = #{id} AND b > #{ from } OR c = #{id}");
      assertEquals("SELECT * FROM t WHERE a = ? AND b > ? OR c = ?", sql.jdbc());
      assertEquals(List.of("id", "from", "id"), sql.names());
      assertEquals(List.of("from"), sql.missing(Set.of("id")));
   }

   @Test
   void quotedTextAndCommentsKeepTheirQuestionMarks() {
      BoundSql sql = BoundSql.of("SELECT 'why?' -- really?\n FROM t /* ? */ WHERE id = #{id}");
      assertEquals(List.of("id"), sql.names());
   }

   @Test
   void aQuestionMarkOrAnElExpressionIsRefusedWithWhatToWrite() {
      IllegalArgumentException mark = assertThrows(IllegalArgumentException.class,
            () -> BoundSql.of("SELECT * FROM t WHERE id = ?"));
      assertTrue(mark.getMessage().contains("#{name}"), mark.getMessage());
      assertThrows(IllegalArgumentException.class, () -> BoundSql.of("SELECT #{randomInt(1,5)}"));
   }

   @Test
   void aScriptSplitsAtSemicolonsOutsideQuotesAndComments() {
      assertEquals(List.of("-- a script\nSELECT ';'", "UPDATE t SET a = 1 -- one; two\n WHERE id = #{id}"),
            SqlScript.split("-- a script\nSELECT ';';\nUPDATE t SET a = 1 -- one; two\n WHERE id = #{id};\n"));
   }
}
