package jdbcpoollab.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One operation in a transaction the server holds read-only, rolled back whatever it did: how a read-only workload
 * runs on a product without read-only sessions (Oracle, {@link Dialect#readOnlySessions}). It costs two round trips
 * per operation, its start and its rollback, so the products that have read-only sessions use them instead.
 */
public final class ReadOnlyTransaction {
   private ReadOnlyTransaction() {
   }

   /** What runs inside the transaction. */
   @FunctionalInterface
   public interface Work {
      void run(Connection connection) throws SQLException;
   }

   /** Runs {@code work} in a read-only transaction on {@code connection}, rolls it back and restores autocommit. */
   public static void run(Connection connection, Work work) throws SQLException {
      connection.setAutoCommit(false);
      try (Statement st = connection.createStatement()) {
         st.execute("SET TRANSACTION READ ONLY");
         work.run(connection);
      } catch (SQLException | RuntimeException e) {
         end(connection, e);
         throw e;
      }
      end(connection, null);
   }

   /** Rolls back (unless the work ended its transaction itself) and turns autocommit on again. */
   private static void end(Connection connection, Exception failed) throws SQLException {
      try {
         if (!connection.getAutoCommit()) {
            connection.rollback();
         }
         connection.setAutoCommit(true);
      } catch (SQLException e) {
         if (failed == null) {
            throw e;
         }
         failed.addSuppressed(e);
      }
   }
}
