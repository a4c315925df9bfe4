package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;
import jdbcpoollab.db.PerProduct;
import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The server sleeps {@code -DsleepMs} per operation: a connection held without work, as while waiting on I/O. */
public record WaitWorkload(String statement, int sleepMs) implements Workload {
   /**
    * Each product's sleep, in seconds. Oracle's DBMS_SESSION.SLEEP (18c+) needs no grant, unlike DBMS_LOCK.SLEEP; it
    * sleeps in hundredths of a second.
    */
   private static final PerProduct<String> SLEEP = new PerProduct<>("SELECT SLEEP(%s)", "SELECT pg_sleep(%s)",
         "BEGIN DBMS_SESSION.SLEEP(%s); END;");

   /** The statement that holds its connection for {@code sleepMs} while using no CPU, on {@code dialect}'s product. */
   public static String sql(Dialect dialect, int sleepMs) {
      return String.format(Locale.ROOT, dialect.pick(SLEEP), sleepMs / 1000.0);
   }

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
         int sleepMs = options.read(Declared.SLEEP_MS);
         return new WaitWorkload(sql(dialect, sleepMs), sleepMs);
      }
   }
}
