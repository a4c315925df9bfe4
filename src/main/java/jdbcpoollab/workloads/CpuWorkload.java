package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Map;

/** The server works per operation: a scan of the {@code big} table of {@code -Drows} rows. */
public record CpuWorkload(String statement, int rows) implements Workload {

   @Override
   public String name() {
      return "cpu";
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
         return "cpu";
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         return new CpuWorkload(dialect.cpuSql(), rows(options));
      }

      /** {@code -Drows}: the rows of the big table, which the workloads that read it share. */
      static int rows(Options options) {
         return options.integer("rows", 100_000, 1, 100_000_000);
      }
   }
}
