package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Map;

/** The server sleeps {@code -DsleepMs} per operation: a connection held without work, as while waiting on I/O. */
public record WaitWorkload(String statement, int sleepMs) implements Workload {

   @Override
   public String name() {
      return "wait";
   }

   @Override
   public Map<String, Object> settings() {
      return Map.of("sleepMs", sleepMs);
   }

   public static final class Type implements WorkloadType {
      @Override
      public String name() {
         return "wait";
      }

      @Override
      public Workload create(Dialect dialect, Options options, List<String> chosen) {
         int sleepMs = options.integer("sleepMs", 5, 0, 60_000);
         return new WaitWorkload(dialect.waitSql(sleepMs), sleepMs);
      }
   }
}
