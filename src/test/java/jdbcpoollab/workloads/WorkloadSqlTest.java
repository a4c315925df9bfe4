package jdbcpoollab.workloads;

import jdbcpoollab.db.MySqlDialect;
import jdbcpoollab.db.OracleDialect;
import jdbcpoollab.db.PostgresDialect;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each workload's own statement on every product. */
class WorkloadSqlTest {

   @Test
   void theWaitStatementSleepsInTheDatabaseForTheGivenTime() {
      assertEquals("SELECT SLEEP(0.005)", WaitWorkload.sql(new MySqlDialect(), 5));
      assertEquals("SELECT pg_sleep(0.005)", WaitWorkload.sql(new PostgresDialect(), 5));
      assertEquals("BEGIN DBMS_SESSION.SLEEP(0.25); END;", WaitWorkload.sql(new OracleDialect(), 250));
      assertEquals("SELECT pg_sleep(1.5)", WaitWorkload.sql(new PostgresDialect(), 1_500));
   }

   @Test
   void theCpuStatementHashesEveryRowOfBigWithTheProductsOwnFunction() {
      assertEquals("SELECT SUM(CRC32(CONCAT(id, payload))) FROM big", CpuWorkload.sql(new MySqlDialect()));
      assertEquals("SELECT SUM(hashtext(id || payload)) FROM big", CpuWorkload.sql(new PostgresDialect()));
      assertEquals("SELECT SUM(ORA_HASH(id || payload)) FROM big", CpuWorkload.sql(new OracleDialect()));
   }
}
