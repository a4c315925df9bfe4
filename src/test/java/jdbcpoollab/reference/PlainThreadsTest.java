package jdbcpoollab.reference;

import jdbcpoollab.db.Database;
import jdbcpoollab.pools.HikariSource;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.workloads.StatementTimes;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.workloads.Workload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference's counts are real: on a MariaDB server of the lab's binaries, every operation it counts inserted a row of a pre-drawn
 * record, and its histograms, threads and statements all count the same operations.
 */
class PlainThreadsTest {
   private static final int THREADS = 4;
   private static Database database;

   /** One insert of the record drawn for the operation, told as one statement; counts its draws. */
   private static final class Inserts implements Workload {
      final AtomicLong drawn = new AtomicLong();
      volatile long lastDrawNanos;
      final AtomicLong firstRunNanos = new AtomicLong(Long.MAX_VALUE);

      @Override
      public String name() {
         return "inserts";
      }

      @Override
      public String statement() {
         return "INSERT INTO reference_ops (v) VALUES (?)";
      }

      @Override
      public Map<String, Object> draw() {
         lastDrawNanos = System.nanoTime();
         return Map.of("v", drawn.incrementAndGet());
      }

      @Override
      public void run(Connection connection, Map<String, Object> input, StatementTimes times) throws SQLException {
         long start = System.nanoTime();
         firstRunNanos.accumulateAndGet(start, Math::min);
         try (PreparedStatement insert = connection.prepareStatement(statement())) {
            insert.setLong(1, (Long) input.get("v"));
            insert.executeUpdate();
         }
         times.add("insert", start, System.nanoTime(), null);
      }
   }

   @BeforeAll
   static void start() {
      database = ExternalServer.get().root();
   }

   @BeforeEach
   void emptyTable() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE IF NOT EXISTS reference_ops (v BIGINT NOT NULL)");
         st.execute("TRUNCATE TABLE reference_ops");
      }
   }

   private static ReferenceResult run(Inserts inserts, double warmupSeconds, double windowSeconds)
         throws Exception {
      try (HikariSource pool = HikariSource.open(database, HikariSource.config(database,
            new PoolShape("reference-test", 2, 2, 5_000)))) {
         return PlainThreads.run(inserts, pool, THREADS, (long) (warmupSeconds * 1e9), (long) (windowSeconds * 1e9));
      }
   }

   private static long[] rows() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet r = st.executeQuery("SELECT COUNT(*), MIN(v), MAX(v) FROM reference_ops")) {
         r.next();
         return new long[] {r.getLong(1), r.getLong(2), r.getLong(3)};
      }
   }

   @Test
   void everyCountedOperationInsertedItsPreDrawnRecordAndEveryCountAgrees() throws Exception {
      Inserts inserts = new Inserts();
      ReferenceResult r = run(inserts, 0, 0.5);
      long[] rows = rows();
      assertEquals(0, r.ko(), r.errors().toString());
      assertTrue(r.ok() > 20, r.ok() + " operations");
      // without a warm-up, the rows are the operations counted, and at most one per thread that ended after the window
      assertTrue(rows[0] >= r.ok() && rows[0] <= r.ok() + THREADS, rows[0] + " rows, " + r.ok() + " counted");
      assertEquals(THREADS * (long) Math.max(1024, PlainThreads.RECORDS / THREADS), inserts.drawn.get(),
            "each thread's records drawn");
      assertTrue(inserts.lastDrawNanos < inserts.firstRunNanos.get(), "every record drawn before the first operation");
      assertTrue(rows[1] >= 1 && rows[2] <= inserts.drawn.get(), "only drawn values bound: " + Arrays.toString(rows));
      assertEquals(r.ok(), r.total().getTotalCount(), "one total time per operation");
      assertEquals(r.ok(), r.query().getTotalCount(), "one statement time per operation");
      assertEquals(r.ok() + r.ko(), r.acquire().getTotalCount(), "one acquire wait per operation");
      assertEquals(r.ok(), Arrays.stream(r.okPerThread()).sum(), "the threads' counts add up");
      assertEquals(THREADS, r.okPerThread().length);
      assertEquals(r.ok(), r.kinds().get("inserts / insert").ok(), "the statement counted once per operation");
      assertEquals(0.5, r.seconds(), 1e-9);
      assertEquals(r.ok() / 0.5, r.throughput(), 1e-6);
      assertTrue(r.threadCpuMicrosPerOp() > 0 && r.processCpuMicrosPerOp() > 0, r.toString());
      assertTrue(r.gaps().getTotalCount() >= r.ok() - THREADS, "a gap before every operation but each first");
   }

   @Test
   void theWarmUpRunsButIsNotCounted() throws Exception {
      ReferenceResult r = run(new Inserts(), 0.4, 0.3);
      long rows = rows()[0];
      assertEquals(0.3, r.seconds(), 1e-9);
      assertTrue(r.ok() > 0, r.toString());
      // the warm-up's operations inserted rows too: more than a tenth of all, at the same rate as the window's
      assertTrue(rows > r.ok() + THREADS + r.ok() / 10, rows + " rows, " + r.ok() + " counted in the window");
   }
}
