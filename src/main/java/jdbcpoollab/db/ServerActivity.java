package jdbcpoollab.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What the database server is doing right now, one number per sample: for the embedded server its process CPU in
 * cores, read from the OS by its pid (Linux's /proc; unknown elsewhere); for a MySQL/MariaDB server
 * {@code Threads_running}, for PostgreSQL the active backends, read on a connection of the lab's own.
 */
public abstract class ServerActivity implements AutoCloseable {
   private static final Duration CONNECT_WITHIN = Duration.ofSeconds(2);
   private static final int QUERY_TIMEOUT_SECONDS = 1;
   /** USER_HZ, the unit of /proc/[pid]/stat's CPU times: 100 on every Linux the lab runs on. */
   private static final double TICKS_PER_SECOND = 100;

   /** What {@link #sample} measures, as the report names it. */
   public abstract String what();

   /** The value now (for CPU: since the previous sample), NaN when it cannot be read. */
   public abstract double sample();

   /** How often it is worth reading, ms: as often as a step is sampled unless a reading costs the load generator. */
   public long everyMillis() {
      return 100;
   }

   @Override
   public void close() {
   }

   /** The embedded server's process CPU when its pid is known and /proc readable, else the server's own count. */
   public static ServerActivity of(Database database, OptionalLong embeddedPid) {
      if (embeddedPid.isPresent() && Files.isReadable(stat(embeddedPid.getAsLong()))) {
         return new ProcessCpu(stat(embeddedPid.getAsLong()));
      }
      String sql = database.dialect().runningSessionsSql();
      return sql == null ? new Unknown()
            : new RunningSessions(database, sql, database.dialect().runningSessionsSelf(),
                  database.dialect().runningSessionsName());
   }

   private static Path stat(long pid) {
      return Path.of("/proc", Long.toString(pid), "stat");
   }

   /** utime + stime of /proc/[pid]/stat, in ticks; -1 when unreadable. */
   public static long cpuTicks(String stat) {
      // the command name, field 2, is in parentheses and may hold spaces: count fields after its closing one
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" +");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
   }

   private static final class ProcessCpu extends ServerActivity {
      private final Path stat;
      private long ticks = -1;
      private long at;

      ProcessCpu(Path stat) {
         this.stat = stat;
      }

      @Override
      public String what() {
         return ActivityNames.CPU_CORES;
      }

      @Override
      public double sample() {
         long now = System.nanoTime();
         long t;
         try {
            t = cpuTicks(Files.readString(stat, StandardCharsets.US_ASCII));
         } catch (IOException | RuntimeException e) {
            return Double.NaN;
         }
         double cores = ticks < 0 || now == at ? Double.NaN : (t - ticks) / TICKS_PER_SECOND / ((now - at) / 1e9);
         ticks = t;
         at = now;
         return cores;
      }
   }

   private static final class RunningSessions extends ServerActivity {
      private final LabConnection connection;
      private final String sql;
      private final int self;
      private final String what;
      private boolean failed;

      RunningSessions(Database database, String sql, int self, String what) {
         connection = new LabConnection(database, CONNECT_WITHIN, QUERY_TIMEOUT_SECONDS);
         this.sql = sql;
         this.self = self;
         this.what = what;
      }

      @Override
      public String what() {
         return what;
      }

      /**
       * Each reading is a query through the driver on the load generator: read every 100 ms, the sampler's thread
       * used 7.6 ms of CPU a second in a step of {@code wait} at pool 1 on an external MariaDB (42 µs per operation
       * at its 180 a second); every 500 ms, 4.4 ms, and still ten readings in a 5 s window.
       */
      @Override
      public long everyMillis() {
         return 500;
      }

      @Override
      public double sample() {
         if (failed) {
            return Double.NaN;
         }
         try {
            return connection.query(sql, rs -> rs.next()
                  ? Math.max(0, rs.getDouble(rs.getMetaData().getColumnCount()) - self) : Double.NaN);
         } catch (SQLException e) {
            // no privilege, or the server is gone: one failure ends the sampling, the step goes on
            failed = true;
            close();
            return Double.NaN;
         }
      }

      @Override
      public void close() {
         connection.close();
      }
   }

   private static final class Unknown extends ServerActivity {
      @Override
      public String what() {
         return ActivityNames.UNKNOWN;
      }

      @Override
      public double sample() {
         return Double.NaN;
      }
   }
}
