package jdbcpoollab.db;

import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The rows the database server counts written, every client's together, read on a connection of the lab's own
 * ({@link Dialect#rowWritesSql}): MariaDB's global {@code Handler_write}, {@code Handler_update} and
 * {@code Handler_delete}, MySQL's {@code Innodb_rows_inserted}, {@code _updated} and {@code _deleted},
 * PostgreSQL's {@code tup_inserted}, {@code tup_updated} and {@code tup_deleted} of the current
 * database. A read-only step reads them before and after, and while it runs, to see what its read-only sessions let
 * through (docs/your-workload.md).
 */
public final class RowWrites implements AutoCloseable {
   private static final Duration CONNECT_WITHIN = Duration.ofSeconds(2);
   private static final int QUERY_TIMEOUT_SECONDS = 2;

   private final Database database;
   private final String sql;
   private final LabConnection connection;

   private RowWrites(Database database, String sql) {
      this.database = database;
      this.sql = sql;
      connection = new LabConnection(database, CONNECT_WITHIN, QUERY_TIMEOUT_SECONDS);
   }

   /** The counters of {@code database}'s server; null when its product has none the lab reads (Oracle). */
   public static RowWrites of(Database database) {
      String sql = database.dialect().rowWritesSql(database.productVersion());
      return sql == null ? null : new RowWrites(database, sql);
   }

   /** The counters now, by name, in the order read; empty when they cannot be read (no privilege, server gone). */
   public Map<String, Long> read() {
      try {
         return connection.query(sql, rows -> {
            Map<String, Long> counters = new LinkedHashMap<>();
            while (rows.next()) {
               counters.put(rows.getString(1), rows.getLong(2));
            }
            return counters;
         });
      } catch (SQLException e) {
         connection.close();
         return Map.of();
      }
   }

   /**
    * The counters once the sessions that closed just now have reported theirs: {@link #read} after the product's lag
    * ({@link Dialect#rowWritesLagMillis}, PostgreSQL's).
    */
   public Map<String, Long> readSettled() {
      long lag = database.dialect().rowWritesLagMillis();
      if (lag > 0) {
         try {
            Thread.sleep(lag);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
         }
      }
      return read();
   }

   /** What each counter of {@code before} moved by until {@code now}; empty when either is. */
   public static Map<String, Long> moved(Map<String, Long> before, Map<String, Long> now) {
      Map<String, Long> moved = new LinkedHashMap<>();
      before.forEach((name, value) -> {
         Long after = now.get(name);
         if (after != null) {
            moved.put(name, after - value);
         }
      });
      return moved;
   }

   /** The rows {@code moved} counts written, all counters together. */
   public static long total(Map<String, Long> moved) {
      return moved.values().stream().mapToLong(Long::longValue).filter(n -> n > 0).sum();
   }

   /** The counters of {@code moved} that moved, such as {@code Handler_delete +3}, comma-separated. */
   public static String describe(Map<String, Long> moved) {
      return moved.entrySet().stream().filter(e -> e.getValue() != 0).map(e -> e.getKey() + " +" + e.getValue())
            .collect(Collectors.joining(", "));
   }

   @Override
   public void close() {
      connection.close();
   }
}
