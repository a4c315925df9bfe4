package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A primary-key lookup, the most common OLTP query: one row of the {@code big} table of {@code -Drows} rows, at a
 * random id, through a {@link PreparedStatement}. Fast enough that the client's own cost shows.
 */
public record PointWorkload(int rows) implements Workload {
   public static final String SQL = "SELECT payload FROM big WHERE id = ?";

   @Override
   public String name() {
      return "point";
   }

   @Override
   public String statement() {
      return SQL;
   }

   @Override
   public void run(Connection connection) throws SQLException {
      try (PreparedStatement select = connection.prepareStatement(SQL)) {
         select.setInt(1, ThreadLocalRandom.current().nextInt(1, rows + 1));
         try (ResultSet row = select.executeQuery()) {
            while (row.next()) {
               row.getString(1);
            }
         }
      }
   }

   @Override
   public int bigTableRows() {
      return rows;
   }

   @Override
   public Map<String, Object> settings() {
      return Map.of("rows", rows);
   }

   public static final class Type implements WorkloadType {
      @Override
      public String name() {
         return "point";
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         return new PointWorkload(CpuWorkload.Type.rows(options));
      }
   }
}
