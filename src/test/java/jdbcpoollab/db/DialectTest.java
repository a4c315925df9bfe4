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
   void theWaitStatementSleepsInTheDatabaseForTheGivenTime() {
      assertEquals("SELECT SLEEP(0.005)", new MySqlDialect().waitSql(5));
      assertEquals("SELECT pg_sleep(0.005)", new PostgresDialect().waitSql(5));
      assertEquals("BEGIN DBMS_SESSION.SLEEP(0.25); END;", new OracleDialect().waitSql(250));
      assertEquals("SELECT pg_sleep(1.5)", new PostgresDialect().waitSql(1_500));
   }

   @Test
   void theCpuStatementHashesEveryRowOfBigWithTheProductsOwnFunction() {
      assertEquals("SELECT SUM(CRC32(CONCAT(id, payload))) FROM big", new MySqlDialect().cpuSql());
      assertEquals("SELECT SUM(hashtext(id || payload)) FROM big", new PostgresDialect().cpuSql());
      assertEquals("SELECT SUM(ORA_HASH(id || payload)) FROM big", new OracleDialect().cpuSql());
   }

   @Test
   void everyDialectHasItsName() {
      assertEquals("mysql", new MySqlDialect().name());
      assertEquals("postgresql", new PostgresDialect().name());
      assertEquals("oracle", new OracleDialect().name());
   }
}
