package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A transaction that holds its connection: lock one of {@code -DhotRows} rows ({@code SELECT … FOR UPDATE}), update
 * it, keep the connection for {@code -DholdMs} of application work with the transaction open, commit. Its query time
 * is the whole transaction: waits for a row another user has locked, the hold, and the statements.
 */
public final class TxnWorkload implements Workload {
   private static final String LOCK_ROW = "SELECT n FROM hot WHERE id = ? FOR UPDATE";
   private static final String UPDATE_ROW = "UPDATE hot SET n = n + 1 WHERE id = ?";
   private final Dialect dialect;
   private final int hotRows;
   private final int holdMs;

   public TxnWorkload(Dialect dialect, int hotRows, int holdMs) {
      this.dialect = dialect;
      this.hotRows = hotRows;
      this.holdMs = holdMs;
   }

   @Override
   public String name() {
      return "txn";
   }

   @Override
   public String statement() {
      return "BEGIN; " + LOCK_ROW + "; " + UPDATE_ROW + "; hold " + holdMs + " ms; COMMIT"
            + " (id among " + hotRows + ")";
   }

   @Override
   public void prepare(Connection connection) throws SQLException {
      HotTable.ensure(dialect, connection, hotRows);
   }

   @Override
   public void run(Connection connection) throws SQLException {
      int id = 1 + ThreadLocalRandom.current().nextInt(hotRows);
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try {
         try (PreparedStatement lock = connection.prepareStatement(LOCK_ROW)) {
            lock.setInt(1, id);
            try (ResultSet row = lock.executeQuery()) {
               if (!row.next()) {
                  throw new SQLException("no row " + id + " in table hot");
               }
            }
         }
         try (PreparedStatement update = connection.prepareStatement(UPDATE_ROW)) {
            update.setInt(1, id);
            update.executeUpdate();
         }
         hold();
         connection.commit();
      } catch (SQLException | RuntimeException e) {
         rollback(connection, e);
         throw e;
      } finally {
         connection.setAutoCommit(autoCommit);
      }
   }

   /** The application's work while the transaction stays open: the connection is held, the database idle. */
   private void hold() throws SQLException {
      if (holdMs == 0) {
         return;
      }
      try {
         Thread.sleep(holdMs);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new SQLException("interrupted while holding the transaction open", e);
      }
   }

   /** Rolls back, keeping a failure to do so with {@code cause}. */
   static void rollback(Connection connection, Exception cause) {
      try {
         connection.rollback();
      } catch (SQLException e) {
         cause.addSuppressed(e);
      }
   }

   @Override
   public Map<String, Object> settings() {
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("hotRows", hotRows);
      settings.put("holdMs", holdMs);
      return settings;
   }

   public static final class Type implements WorkloadType {
      @Override
      public String name() {
         return "txn";
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         return new TxnWorkload(dialect, options.read(Declared.HOT_ROWS),
               options.read(Declared.HOLD_MS));
      }
   }
}
