package jdbcpoollab.endtoend;

import jdbcpoollab.run.Exit;
import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingRun;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Row "a pool that cannot fill": a server whose connections are taken by other clients, though the pool is smaller
 * than its max_connections. The step's reason keeps how far the pool got and says what the server answers.
 */
class PoolFillRefusedTest {
   private static final int MAX_CONNECTIONS = 20;
   private static final int HELD_BY_OTHERS = 14;

   @Test
   void aPoolThatCannotFillSaysHowFarItGotAndWhatTheServerAnswers() throws SQLException {
      ExternalServer server = ExternalServer.get();
      List<Connection> others = new ArrayList<>();
      GatlingRun.Result run;
      try {
         setMaxConnections(server, MAX_CONNECTIONS);
         for (int i = 0; i < HELD_BY_OTHERS; i++) {
            others.add(server.root().connect());
         }
         run = GatlingRun.run(PoolSweep.class, Map.of("db.url", server.url(), "db.user", "root", "pools", "8",
               "users", "8", "seconds", "1", "warmup", "0", "workloads", "wait", "connectionTimeoutMs", "1000"), false);
      } finally {
         for (Connection c : others) {
            c.close();
         }
         setMaxConnections(server, 300);
      }

      assertEquals(Exit.INCOMPLETE, run.exitCode(), run.console());
      @SuppressWarnings("unchecked")
      String why = ((Map<String, String>) run.summary().get("incomplete")).values().iterator().next();
      assertTrue(Pattern.compile("^pool did not open: TimeoutException: pool \\S+ holds [0-7] of 8 connections "
            + "after 1000 ms; the server refuses a new connection: .*Too many connections").matcher(why).find(), why);
      assertTrue(run.console().contains("wait pool=8: pool did not open, step skipped: TimeoutException: pool "),
            run.console());
      assertFalse(why.contains(" N "), "the numbers are the run's own: " + why);
   }

   private static void setMaxConnections(ExternalServer server, int n) throws SQLException {
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         st.execute("SET GLOBAL max_connections = " + n);
      }
   }
}
