package jdbcpoollab.endtoend;

import jdbcpoollab.db.BigTableContract;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.OracleDialect;
import jdbcpoollab.db.WorkTableContract;
import jdbcpoollab.report.Table;
import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.CpoolCompare;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL, a real server: Debian's package (installed when missing), a fresh data folder on a free loopback port,
 * stopped afterwards. Skipped, with the reason, only when PostgreSQL cannot be installed.
 */
class PostgresTest {
   private static PostgresServer server;

   @BeforeAll
   static void start() {
      server = PostgresServer.startOrSkip();
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   /** A short PoolSweep of the wait workload through db.url: its orderings, which a class beside it would blur. */
   @Nested
   class PoolSweepEngine extends WaitSweepContract {
      @BeforeAll
      void runSweep() {
         Map<String, String> options = new HashMap<>(WAIT_SWEEP);
         options.putAll(server.target());
         run = GatlingRun.run(PoolSweep.class, options, false);
      }
   }

   /**
    * A short PoolSweep of the cpu and a custom workload through db.url, what it names and writes; none of it is timed,
    * so it runs beside other classes, on half-second windows.
    */
   @Nested
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class CpuAndCustom {
      private GatlingRun.Result run;

      @BeforeAll
      void runSweep() throws SQLException {
         WaitSweepContract.createHitsTable(server.database());
         Map<String, String> options = new HashMap<>(Map.of("pools", "1,8", "users", "8", "seconds", "0.5",
               "warmup", "0.2", "workloads", "cpu,custom", "rows", "20000", "sql", WaitSweepContract.HIT,
               "sql.writes", "true"));
         options.putAll(server.target());
         run = GatlingRun.run(PoolSweep.class, options, false);
      }

      @Test
      void theReportNamesPostgresAndItsDriver() {
         Map<String, Object> settings = WaitSweepContract.settings(run);
         assertTrue(String.valueOf(settings.get("database")).startsWith("PostgreSQL " + server.version()),
               settings.toString());
         assertTrue(String.valueOf(settings.get("driver")).startsWith("PostgreSQL JDBC Driver 42.7"),
               settings.toString());
         assertEquals(server.url(), settings.get("url"));
         assertEquals("20000 rows filled", settings.get("table big"));
      }

      @Test
      void theCpuWorkloadScansWithoutFailures() {
         for (int pool : List.of(1, 8)) {
            Map<String, Object> step = run.step("cpu", pool);
            assertEquals(0, WaitSweepContract.number(step, "ko") + WaitSweepContract.number(step, "koOutsideWindow"),
                  step.toString());
            assertTrue(WaitSweepContract.number(step, "ok") > 0, step.toString());
         }
      }

      @Test
      void theCustomStatementRanForEveryOperation() throws SQLException {
         assertEquals(WaitSweepContract.HIT, WaitSweepContract.settings(run).get("sql"));
         WaitSweepContract.assertEveryCustomOperationRan(run, server.database());
      }

      @Test
      void thePasswordIsNeitherPrintedNorWritten() throws IOException {
         assertFalse(run.console().contains(server.password()), "console");
         assertTrue(run.console().contains("PostgreSQL"), "the console names the server");
         try (Stream<Path> files = Files.walk(run.folder())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
               assertFalse(Files.readString(file).contains(server.password()), file.toString());
            }
         }
      }
   }

   /** A short CpoolCompare through db.url: the work table's plain SQL, UCP over PostgreSQL's driver, its counters. */
   @Nested
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class Compare {
      private static final int OPERATIONS = 8 * 6;
      private GatlingRun.Result run;

      @BeforeAll
      void runComparison() {
         run = GatlingRun.run(CpoolCompare.class, Map.of("options", "hikari:2:4,ucp:2:4,none", "users", "8",
               "ops", "6", "repeat", "1", "db.url", server.url(), "db.user", PostgresServer.USER,
               "db.password", server.password()), false);
      }

      @SuppressWarnings("unchecked")
      private List<Map<String, Object>> runs() {
         return (List<Map<String, Object>>) run.summary().get("runs");
      }

      @Test
      void everyOperationOfEveryRunSucceeds() {
         assertEquals("complete", run.summary().get("state"));
         assertEquals(6, runs().size());
         for (Map<String, Object> r : runs()) {
            assertEquals(OPERATIONS, WaitSweepContract.number(r, "ok"), r.toString());
            assertEquals(0, WaitSweepContract.number(r, "ko"), r.toString());
         }
      }

      @Test
      void sessionsShowTheUnpooledRunsOpeningAConnectionPerOperation() {
         for (Map<String, Object> r : runs()) {
            assertEquals("sessions", ((Map<?, ?>) r.get("server")).keySet().iterator().next(), r.toString());
            // a backend reports its session as it ends, which may fall into the next run: half is a safe floor
            if (r.get("option").equals("none")) {
               assertTrue(WaitSweepContract.number(r, "connections") >= OPERATIONS / 2.0, r.toString());
            }
         }
      }
   }

   /** The txn workload's PostgreSQL SQL, and the round-trip proxy in front of a PostgreSQL URL. */
   @Nested
   @TestInstance(TestInstance.Lifecycle.PER_CLASS)
   class RoundTripAndTransactions {
      private GatlingRun.Result run;

      @BeforeAll
      void sweep() {
         Map<String, String> options = new HashMap<>(Map.of("workloads", "txn", "hotRows", "3", "holdMs", "2",
               "pools", "2", "users", "4", "seconds", "0.6", "warmup", "0.1", "rttMs", "0,3"));
         options.putAll(server.target());
         // the first step compares with the second: a cold first step (its p50 above the next one's) is the
         // JVM's, not the round trip's, so the JVM is warmed on it first
         options.put("jvmWarmup", "3");
         run = GatlingRun.run(PoolSweep.class, options, false);
      }

      @Test
      void transactionsRunAtEveryRoundTripAndEachStatementPaysIt() {
         assertEquals(0, run.exitCode(), run.console());
         Map<String, Object> near = run.step("txn rtt=0ms", 2);
         Map<String, Object> far = run.step("txn rtt=3ms", 2);
         for (Map<String, Object> step : List.of(near, far)) {
            assertTrue(((Number) step.get("ok")).longValue() > 0, step.toString());
            assertEquals(0, ((Number) step.get("ko")).longValue(), step.toString());
         }
         double added = p50(far) - p50(near);
         assertTrue(added >= 2 * 3, "lock, update and commit each wait a 3 ms round trip: " + added + " ms added");
      }

      private double p50(Map<String, Object> step) {
         return ((Number) ((Map<?, ?>) step.get("query")).get("p50")).doubleValue();
      }
   }

   @Nested
   class Table extends BigTableContract {
      @Override
      protected Database database() {
         return server.database();
      }
   }

   @Nested
   class Work extends WorkTableContract {
      @Override
      protected Database database() {
         return server.database();
      }
   }

   @Test
   void aCustomStatementTheDatabaseRejectsEndsTheRunBeforeAnyLoad() {
      GatlingRun.Result run = GatlingRun.run(PoolSweep.class, Map.of(
            "workloads", "custom", "sql", "SELECT * FROM no_such_table", "pools", "1", "seconds", "1",
            "db.url", server.url(), "db.user", PostgresServer.USER, "db.password", server.password()), false);
      assertEquals(Exit.BAD_OPTION, run.exitCode());
      String message = run.failure();
      assertTrue(message.startsWith("jdbc-pool-lab: bad option -Dsql: PostgreSQL " + server.version()), message);
      assertTrue(message.contains("\"no_such_table\" does not exist"), message);
   }

   /** Row "a pool that cannot fill", with PostgreSQL's own words: a role limited to fewer connections than the pool. */
   @Test
   void aPoolTheServerLimitsSaysHowFarItGotAndWhatPostgresAnswers() throws SQLException {
      Database superuser = new Database(server.url(), "postgres", server.password());
      GatlingRun.Result run;
      try {
         connectionLimit(superuser, 6);
         run = GatlingRun.run(PoolSweep.class, Map.of("workloads", "wait", "pools", "8", "users", "8",
               "seconds", "1", "warmup", "0", "connectionTimeoutMs", "1000", "db.url", server.url(),
               "db.user", PostgresServer.USER, "db.password", server.password()), false);
      } finally {
         connectionLimit(superuser, -1);
      }
      assertEquals(Exit.INCOMPLETE, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      String why = ((Map<String, String>) run.summary().get("incomplete")).values().iterator().next();
      assertTrue(why.matches("pool did not open: TimeoutException: pool \\S+ holds [0-7] of 8 connections after "
            + "1000 ms; the server refuses a new connection: .*too many connections for role \"lab\".*"), why);
      assertFalse(why.contains(server.password()), why);
   }

   private static void connectionLimit(Database superuser, int limit) throws SQLException {
      try (Connection c = superuser.connect(); var st = c.createStatement()) {
         st.execute("ALTER ROLE " + PostgresServer.USER + " CONNECTION LIMIT " + limit);
      }
   }

   @Test
   void sessionsCountEveryNewConnection() throws SQLException, InterruptedException {
      Database db = server.database();
      try (Connection observer = db.connect()) {
         Map<String, Long> before = db.dialect().counters(observer);
         assertEquals(List.of("sessions", "numbackends"), List.copyOf(before.keySet()));
         assertTrue(before.get("numbackends") >= 1, before.toString());
         for (int i = 0; i < 3; i++) {
            db.connect().close();
         }
         // a backend reports its session when it next goes idle or ends: wait for the report, bounded
         long deadline = System.nanoTime() + 10_000_000_000L;
         long sessions = before.get("sessions");
         while (sessions < before.get("sessions") + 3 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            sessions = db.dialect().counters(observer).get("sessions");
         }
         assertTrue(sessions >= before.get("sessions") + 3, before + " then sessions=" + sessions);
      }
   }

   @Test
   void countersTheServerCannotGiveAreNotAvailableInsteadOfAFailure() throws SQLException {
      try (Connection c = server.database().connect()) {
         assertEquals(Map.of(), new OracleDialect().counters(c), "PostgreSQL has no v$sysstat");
         assertTrue(c.isValid(5), "the connection is still usable");
      }
   }
}
