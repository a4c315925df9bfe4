package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.PerProduct;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Map;

/** The server works per operation: a scan of the {@code big} table of {@code -Drows} rows. */
public record CpuWorkload(String statement, int rows) implements Workload {
   /** Each product's own cheap hash, one call per row: CRC32, hashtext(), ORA_HASH. */
   private static final PerProduct<String> SCAN = new PerProduct<>("SELECT SUM(CRC32(CONCAT(id, payload))) FROM big",
         "SELECT SUM(hashtext(id || payload)) FROM big", "SELECT SUM(ORA_HASH(id || payload)) FROM big");

   /** The statement that scans the whole {@code big} table and burns CPU on every row, in one server thread. */
   public static String sql(Dialect dialect) {
      return dialect.pick(SCAN);
   }

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
         return new CpuWorkload(sql(dialect), rows(options));
      }

      /** {@code -Drows}: the rows of the big table, which the workloads that read it share. */
      static int rows(Options options) {
         return options.read(Declared.ROWS);
      }
   }
}
