package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "database unreachable at start": a port nobody listens on, a host that does not exist, a wrong password.
 * Each ends the run before any step with one line naming host:port (password masked), exit code 69, in seconds.
 */
class DatabaseUnreachableTest {
   private static final String SECRET = "Wr0ng-Pa55word";

   private static GatlingRun.Result run(String url, Map<String, String> extra) {
      Map<String, String> options = new java.util.HashMap<>(Map.of("db.url", url, "pools", "1,2", "seconds", "1",
            "workloads", "wait"));
      options.putAll(extra);
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   private static void assertRefusedQuickly(GatlingRun.Result run, String address, long startNanos) {
      double seconds = (System.nanoTime() - startNanos) / 1e9;
      assertEquals(Exit.DATABASE_UNAVAILABLE, run.exitCode(), run.console());
      assertTrue(run.failure().startsWith("jdbc-pool-lab: cannot connect to the database at " + address + " ("),
            run.failure());
      assertFalse(run.failure().contains("\n"), run.failure());
      assertTrue(seconds < 10, "took " + seconds + " s");
      assertEquals("failed", run.summary().get("state"));
      assertTrue(run.steps().isEmpty(), "no step may start");
      assertFalse(run.console().contains("opening pool"), run.console());
      System.out.printf("refused in %.1f s: %s%n", seconds, run.failure());
   }

   @Test
   void aPortNobodyListensOn() throws IOException {
      int port;
      try (ServerSocket socket = new ServerSocket(0)) {
         port = socket.getLocalPort();
      }
      long t0 = System.nanoTime();
      GatlingRun.Result run = run("jdbc:mysql://127.0.0.1:" + port + "/demo?password=" + SECRET, Map.of());
      assertRefusedQuickly(run, "127.0.0.1:" + port, t0);
      assertTrue(run.failure().contains("Connection refused"), run.failure());
      assertFalse(run.failure().contains(SECRET), run.failure());
      assertTrue(run.failure().contains("password=***"), run.failure());
   }

   @Test
   void aOneLetterPasswordIsMaskedWhereItIsAValueAndNowhereElse() throws IOException {
      int port;
      try (ServerSocket socket = new ServerSocket(0)) {
         port = socket.getLocalPort();
      }
      long t0 = System.nanoTime();
      GatlingRun.Result run = run("jdbc:mysql://127.0.0.1:" + port + "/demo?connectTimeout=2000", Map.of(
            "db.password", "o"));
      assertRefusedQuickly(run, "127.0.0.1:" + port, t0);
      assertTrue(run.failure().contains("Connection refused"), run.failure());
      assertFalse(run.console().contains("***"), "no word is masked: " + run.console());
   }

   @Test
   void aHostThatDoesNotExist() {
      long t0 = System.nanoTime();
      GatlingRun.Result run = run("jdbc:mysql://no-such-host.invalid:3306/demo", Map.of());
      assertRefusedQuickly(run, "no-such-host.invalid:3306", t0);
   }

   @Test
   void aWrongPassword() throws SQLException {
      ExternalServer server = ExternalServer.get();
      server.requirePasswords("lab", "the-Right-one-1");
      long t0 = System.nanoTime();
      GatlingRun.Result run = run(server.url(), Map.of("db.user", "lab", "db.password", SECRET));
      assertRefusedQuickly(run, "127.0.0.1:" + server.port(), t0);
      assertTrue(run.failure().contains("Access denied for user 'lab'"), run.failure());
      assertFalse(run.failure().contains(SECRET), run.failure());
      assertFalse(run.console().contains(SECRET), run.console());
      assertFalse(run.summary().toString().contains(SECRET));
   }
}
