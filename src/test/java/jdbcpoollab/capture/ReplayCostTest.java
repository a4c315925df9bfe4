package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.pools.HikariSource;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.testing.ExternalServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the replay path costs: a transaction of 16 statements (sysbench {@code oltp_read_only}'s shape: its start, ten
 * point selects, four range selects, its commit) captured back to back, replayed by {@link ReplayWorkload} on a
 * connection of a pool of 2, against a plain loop sending the same statements on the same pool, one transaction of
 * each in turn, so that drift on a shared machine touches both; the medians of their times are compared. The bound is a
 * benchmark's on a busy 2-core machine (the replay within 15% and 50 µs of the loop); the measured share is printed.
 */
class ReplayCostTest {
   private static final int ROUNDS = 5;
   private static final int PER_ROUND = 200;
   private static Database database;

   @BeforeAll
   static void table() throws SQLException {
      database = ExternalServer.get().root();
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         st.execute("CREATE TABLE IF NOT EXISTS replay_cost (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120))");
         st.execute("INSERT IGNORE INTO replay_cost SELECT seq, seq % 97, REPEAT('c', 120) FROM seq_1_to_2000");
      }
   }

   /** The transaction's statements, the first range starting at {@code from}. */
   static List<String> transaction(int from) {
      List<String> sql = new ArrayList<>(List.of("START TRANSACTION"));
      for (int i = 0; i < 10; i++) {
         sql.add("SELECT c FROM replay_cost WHERE id = " + ((from + 37 * i) % 2000 + 1));
      }
      String range = " FROM replay_cost WHERE id BETWEEN " + from + " AND " + (from + 99);
      sql.add("SELECT c" + range);
      sql.add("SELECT SUM(k)" + range);
      sql.add("SELECT c" + range + " ORDER BY c");
      sql.add("SELECT DISTINCT c" + range + " ORDER BY c");
      sql.add("COMMIT");
      return sql;
   }

   private static List<ReplayRequest> requests() {
      List<ReplayRequest> requests = new ArrayList<>();
      for (int i = 0; i < PER_ROUND; i++) {
         List<TimedStatement> statements = transaction(1 + i * 7 % 1900).stream()
               .map(sql -> new TimedStatement(0, sql)).toList();
         requests.add(new ReplayRequest(i * 1000L, 1, true, statements));
      }
      return requests;
   }

   /** The plain loop's transaction: its statements on a borrowed connection, every row read. */
   private static void plain(HikariSource pool, ReplayRequest request) throws SQLException {
      try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
         for (TimedStatement s : request.statements()) {
            if (st.execute(s.sql())) {
               try (ResultSet rows = st.getResultSet()) {
                  while (rows.next()) {
                     rows.getObject(1);
                  }
               }
            }
         }
      }
   }

   private static void replayed(HikariSource pool, ReplayWorkload workload) throws SQLException {
      try (Connection c = pool.getConnection()) {
         workload.run(c);
      }
   }

   @Test
   void theReplayPathCostsWhatAPlainLoopOfTheSameStatementsDoes() throws Exception {
      List<ReplayRequest> requests = requests();
      ReplayWorkload workload = new ReplayWorkload("replay cost", requests, "mysql", false, ReplayGaps.CAPTURED);
      int count = ROUNDS * PER_ROUND;
      double[] plainMicros = new double[count];
      double[] replayMicros = new double[count];
      try (HikariSource pool = HikariSource.open(database, HikariSource.config(database,
            new PoolShape("replay-cost", 2, 2, 5_000)))) {
         for (int i = 0; i < PER_ROUND; i++) {
            plain(pool, requests.get(i));
            replayed(pool, workload);
         }
         // one of each in turn, the first of the pair alternating: drift and preemptions touch both alike
         for (int i = 0; i < count; i++) {
            ReplayRequest request = requests.get(i % PER_ROUND);
            for (int turn = 0; turn < 2; turn++) {
               long start = System.nanoTime();
               if ((turn + i) % 2 == 0) {
                  plain(pool, request);
                  plainMicros[i] = (System.nanoTime() - start) / 1e3;
               } else {
                  replayed(pool, workload);
                  replayMicros[i] = (System.nanoTime() - start) / 1e3;
               }
            }
         }
      }
      double plain = median(plainMicros);
      double replay = median(replayMicros);
      List<Long> late = workload.lateNanos();
      double lateMicros = late.subList(PER_ROUND, late.size()).stream().mapToLong(Long::longValue).sorted()
            .skip(count / 2).findFirst().orElseThrow() / 1e3;
      String seen = String.format(Locale.ROOT, "a transaction of 16 statements, the median of %d: plain loop %.1f µs,"
            + " replay %.1f µs (%+.1f%%), its statements started late by %.2f µs in all", count, plain, replay,
            100 * (replay / plain - 1), lateMicros);
      System.out.println(seen);
      assertTrue(replay <= plain * 1.15 + 50, seen);
      assertTrue(lateMicros < 50, seen);
   }

   private static double median(double[] values) {
      double[] sorted = values.clone();
      Arrays.sort(sorted);
      return sorted[sorted.length / 2];
   }
}
