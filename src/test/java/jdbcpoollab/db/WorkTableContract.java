package jdbcpoollab.db;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code work} table on a real server: created with its kept rows, reset between runs so that writes never make
 * it grow, and a foreign table of that name left alone. Each database's test hands over a database of its own.
 */
public abstract class WorkTableContract {
   private static final int ROWS = 300;

   private Connection connection;

   /** A database the test may drop and create {@code work} in. */
   protected abstract Database database();

   @BeforeEach
   void connect() throws SQLException {
      connection = database().connect();
      dropWork();
   }

   @AfterEach
   void disconnect() throws SQLException {
      dropWork();
      connection.close();
   }

   @Test
   void aMissingTableIsCreatedWithItsKeptRows() throws SQLException {
      WorkTable.reset(connection, ROWS);
      assertEquals(ROWS + " rows, ids 1.." + ROWS, contents());
   }

   @Test
   void theRowsARunInsertedGoAndTheKeptRowsStay() throws SQLException {
      WorkTable.reset(connection, ROWS);
      for (int id = ROWS + 1; id <= ROWS + 5; id++) {
         try (var insert = connection.prepareStatement(WorkTable.INSERT)) {
            insert.setInt(1, id);
            insert.setString(2, WorkTable.payload(id));
            insert.executeUpdate();
         }
      }
      try (var update = connection.prepareStatement(WorkTable.UPDATE)) {
         update.setInt(1, 7);
         update.executeUpdate();
      }
      assertEquals(ROWS + 5 + " rows, ids 1.." + (ROWS + 5), contents());
      WorkTable.reset(connection, ROWS);
      assertEquals(ROWS + " rows, ids 1.." + ROWS, contents());
      assertEquals(1, count("SELECT n FROM work WHERE id = 7"), "kept rows are not rewritten");
   }

   @Test
   void aForeignTableNamedWorkIsLeftAlone() throws SQLException {
      execute("CREATE TABLE work (id INTEGER, task VARCHAR(20))");
      execute("INSERT INTO work (id, task) VALUES (5000, 'keep me')");
      SQLException refused = assertThrows(SQLException.class, () -> WorkTable.reset(connection, ROWS));
      assertTrue(refused.getMessage().contains("not the lab's"), refused.getMessage());
      assertEquals(1, count("SELECT COUNT(*) FROM work WHERE task = 'keep me'"));
   }

   private String contents() throws SQLException {
      return count("SELECT COUNT(*) FROM work") + " rows, ids " + count("SELECT MIN(id) FROM work") + ".."
            + count("SELECT MAX(id) FROM work");
   }

   private long count(String sql) throws SQLException {
      try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
         rs.next();
         return rs.getLong(1);
      }
   }

   private void execute(String sql) throws SQLException {
      try (Statement st = connection.createStatement()) {
         st.execute(sql);
      }
   }

   private void dropWork() throws SQLException {
      execute("DROP TABLE IF EXISTS work");
   }
}
