package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DialectTest {

   @Test
   void theUrlChoosesTheDialect() {
      assertInstanceOf(MySqlDialect.class, Dialects.forUrl("jdbc:mysql://db:3306/demo"));
      assertInstanceOf(MySqlDialect.class, Dialects.forUrl("jdbc:mariadb://db:3306/demo"));
      assertInstanceOf(PostgresDialect.class, Dialects.forUrl("jdbc:postgresql://db:5432/demo"));
      assertInstanceOf(PostgresDialect.class, Dialects.forUrl("jdbc:postgresql:demo"));
      assertInstanceOf(OracleDialect.class, Dialects.forUrl("jdbc:oracle:thin:@//db:1521/FREEPDB1"));
      assertInstanceOf(OracleDialect.class, Dialects.forUrl("jdbc:oracle:thin:@db:1521:XE"));
      assertInstanceOf(OracleDialect.class, Dialects.forUrl("jdbc:oracle:thin:scott/tiger@(DESCRIPTION=(ADDRESS="
            + "(PROTOCOL=TCP)(HOST=db)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=FREEPDB1)))"));
   }

   @Test
   void otherUrlsAreRefusedWithTheSupportedListAndNoPassword() {
      String oci = assertThrows(IllegalArgumentException.class,
            () -> Dialects.forUrl("jdbc:oracle:oci:scott/tiger@db")).getMessage();
      assertTrue(oci.contains("jdbc:oracle:thin:") && oci.contains("jdbc:postgresql:"), oci);
      assertFalse(oci.contains("tiger"), oci);
      assertThrows(IllegalArgumentException.class, () -> Dialects.forUrl("jdbc:sqlserver://db"));
      assertThrows(IllegalArgumentException.class, () -> Dialects.forUrl("postgresql://db/demo"));
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

   @Test
   void mySqlAndMariaDbSessionsAreReadOnlyByTheVariableTheServerVersionNames() {
      MySqlDialect mysql = new MySqlDialect();
      assertEquals(Map.of("sessionVariables", "transaction_read_only=1", "readOnlyPropagatesToServer", "false"),
            mysql.readOnlySession("jdbc:mysql://db:3306/demo", "MySQL 8.0.36").values());
      assertEquals(Map.of("sessionVariables", "tx_read_only=1", "readOnlyPropagatesToServer", "false"),
            mysql.readOnlySession("jdbc:mysql://db:3306/demo", "MySQL 5.7.19").values());
      assertEquals(Map.of("sessionVariables", "transaction_read_only=1"),
            mysql.readOnlySession("jdbc:mariadb://db:3306/demo", "MariaDB 11.4.5").values());
      assertEquals(Map.of("sessionVariables", "tx_read_only=1"),
            mysql.readOnlySession("jdbc:mariadb://db:3306/demo", "MariaDB 10.11.6").values());
      assertEquals(Map.of("sessionVariables", "sql_mode=ANSI,transaction_read_only=1"),
            mysql.readOnlySession("jdbc:mariadb://db/demo?sessionVariables=sql_mode=ANSI", "MariaDB 11.1").values());
      assertTrue(MySqlDialect.newVariableName("unknown"));
      assertTrue(MySqlDialect.newVariableName("MySQL 5.7.20"));
      assertFalse(MySqlDialect.newVariableName("MariaDB 11.0.6"));
   }

   @Test
   void postgresSessionsAreReadOnlyByTheOptionsStartupParameterAfterTheUrlsOwn() {
      PostgresDialect pg = new PostgresDialect();
      assertEquals(Map.of("options", "-c%20default_transaction_read_only%3Don"),
            pg.readOnlySession("jdbc:postgresql://db/demo", "PostgreSQL 15.14").values());
      assertEquals(Map.of("options", "-c%20search_path%3Dapp%20-c%20default_transaction_read_only%3Don"),
            pg.readOnlySession("jdbc:postgresql://db/demo?options=-c%20search_path%3Dapp&ssl=false", "").values());
      Database readOnly = new Database("jdbc:postgresql://db/demo?ssl=false", "u", "p").readOnly();
      assertEquals("jdbc:postgresql://db/demo?ssl=false&options=-c%20default_transaction_read_only%3Don",
            readOnly.url());
   }

   @Test
   void oracleHasNoReadOnlySessionAndRunsEachOperationInAReadOnlyTransaction() {
      assertFalse(new OracleDialect().readOnlySessions());
      assertTrue(new MySqlDialect().readOnlySessions() && new PostgresDialect().readOnlySessions());
      Database oracle = new Database("jdbc:oracle:thin:@//db:1521/FREEPDB1", "u", "p");
      assertSame(oracle, oracle.readOnly());
   }
}
