package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DialectTest {

   @Test
   void theUrlChoosesTheDialect() {
      assertInstanceOf(MySqlDialect.class, Dialect.forUrl("jdbc:mysql://db:3306/demo"));
      assertInstanceOf(MySqlDialect.class, Dialect.forUrl("jdbc:mariadb://db:3306/demo"));
      assertInstanceOf(PostgresDialect.class, Dialect.forUrl("jdbc:postgresql://db:5432/demo"));
      assertInstanceOf(PostgresDialect.class, Dialect.forUrl("jdbc:postgresql:demo"));
      assertInstanceOf(OracleDialect.class, Dialect.forUrl("jdbc:oracle:thin:@//db:1521/FREEPDB1"));
      assertInstanceOf(OracleDialect.class, Dialect.forUrl("jdbc:oracle:thin:@db:1521:XE"));
      assertInstanceOf(OracleDialect.class, Dialect.forUrl("jdbc:oracle:thin:scott/tiger@(DESCRIPTION=(ADDRESS="
            + "(PROTOCOL=TCP)(HOST=db)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=FREEPDB1)))"));
   }

   @Test
   void otherUrlsAreRefusedWithTheSupportedListAndNoPassword() {
      String oci = assertThrows(IllegalArgumentException.class,
            () -> Dialect.forUrl("jdbc:oracle:oci:scott/tiger@db")).getMessage();
      assertTrue(oci.contains("jdbc:oracle:thin:") && oci.contains("jdbc:postgresql:"), oci);
      assertFalse(oci.contains("tiger"), oci);
      assertThrows(IllegalArgumentException.class, () -> Dialect.forUrl("jdbc:sqlserver://db"));
      assertThrows(IllegalArgumentException.class, () -> Dialect.forUrl("postgresql://db/demo"));
   }

   @Test
   void everyDialectHasItsName() {
      assertEquals("mysql", new MySqlDialect().name());
      assertEquals("postgresql", new PostgresDialect().name());
      assertEquals("oracle", new OracleDialect().name());
   }

   @Test
   void everyDialectPicksItsOwnProductsValue() {
      PerProduct<String> values = new PerProduct<>("m", "p", "o");
      assertEquals("m", new MySqlDialect().pick(values));
      assertEquals("p", new PostgresDialect().pick(values));
      assertEquals("o", new OracleDialect().pick(values));
   }
}
