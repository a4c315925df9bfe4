package jdbcpoollab.db;

import jdbcpoollab.workloads.CpuWorkload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code big} table on a real server: created and filled when missing, reused when complete, rebuilt when
 * partial, and a foreign table of that name left alone. Each database's test hands over a database of its own.
 */
public abstract class BigTableContract {
   private static final int ROWS = 3_000;

   private Connection connection;

   /** A database the test may drop and create {@code big} in. */
   protected abstract Database database();

   @BeforeEach
   void connect() throws SQLException {
      connection = database().connect();
      dropBig();
   }

   @AfterEach
   void disconnect() throws SQLException {
      dropBig();
      connection.close();
   }

   @Test
   void aMissingTableIsCreatedAndFilledWithEveryId() throws SQLException {
      assertEquals(BigTable.Seeding.FILLED, ensure(ROWS));
      assertEquals(ROWS + " rows, ids 1.." + ROWS, contents());
   }

   @Test
   void aCompleteTableIsReusedWithoutWritingARow() throws SQLException {
      ensure(ROWS);
      update("UPDATE big SET payload = 'marker' WHERE id = 7");
      assertEquals(BigTable.Seeding.REUSED, ensure(ROWS));
      assertEquals(1, count("SELECT COUNT(*) FROM big WHERE payload = 'marker'"));
   }

   @Test
   void aPartialTableOrAnotherRowCountIsRebuilt() throws SQLException {
      ensure(ROWS);
      update("DELETE FROM big WHERE id > 2000");
      assertEquals(BigTable.Seeding.REBUILT, ensure(ROWS));
      assertEquals(ROWS + " rows, ids 1.." + ROWS, contents());
      assertEquals(BigTable.Seeding.REBUILT, ensure(1_500));
      assertEquals("1500 rows, ids 1..1500", contents());
   }

   @Test
   void aForeignTableNamedBigIsLeftAlone() throws SQLException {
      update("CREATE TABLE big (id INTEGER, customer VARCHAR(20))");
      update("INSERT INTO big (id, customer) VALUES (1, 'keep me')");
      SQLException refused = assertThrows(SQLException.class, () -> ensure(ROWS));
      assertTrue(refused.getMessage().contains("not the lab's"), refused.getMessage());
      assertEquals(1, count("SELECT COUNT(*) FROM big WHERE customer = 'keep me'"));
   }

   @Test
   void theCpuStatementScansTheSeededTable() throws SQLException {
      ensure(ROWS);
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(CpuWorkload.sql(dialect()))) {
         assertTrue(rs.next());
         assertNotNull(rs.getObject(1), "a sum over " + ROWS + " rows");
      }
   }

   private Dialect dialect() {
      return database().dialect();
   }

   private BigTable.Seeding ensure(int rows) throws SQLException {
      return dialect().ensureBigTable(connection, rows);
   }

   private String contents() throws SQLException {
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT COUNT(*), MIN(id), MAX(id), COUNT(DISTINCT payload) FROM big")) {
         rs.next();
         assertEquals(rs.getLong(1), rs.getLong(4), "every row has its own payload");
         return rs.getLong(1) + " rows, ids " + rs.getLong(2) + ".." + rs.getLong(3);
      }
   }

   private long count(String sql) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
         rs.next();
         return rs.getLong(1);
      }
   }

   private void update(String sql) throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute(sql);
      }
   }

   private void dropBig() throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute("DROP TABLE IF EXISTS big");
      }
   }
}
