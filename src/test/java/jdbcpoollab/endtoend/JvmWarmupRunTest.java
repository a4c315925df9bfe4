package jdbcpoollab.endtoend;

import jdbcpoollab.simulations.PoolSweep;
import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.GatlingLog;
import jdbcpoollab.testing.GatlingRun;
import jdbcpoollab.workloads.StandIn;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JVM's warm-up before a sweep's first step runs through the lab's own path (the Gatling action logs its
 * operations as the measured steps' are) on a workload of the user's own: a read-only one on its own statement, a
 * writing one on harmless statements that leave the user's table alone, each within its operations' bound. Against a
 * real server whose general log shows every statement the run sent.
 */
class JvmWarmupRunTest {
   private static final Pattern RAN = Pattern.compile("JVM warm-up on custom pool=1, (.*?): [0-9.]+ s, ([0-9,]+) "
         + "operations, per second \\[[0-9, ]*], (.*)");
   private static final int OPERATIONS = 400;

   @Test
   void aReadOnlyStatementOfTheUsersOwnWarmsTheJvmOnItselfThroughGatling() throws SQLException {
      ExternalServer server = ExternalServer.get();
      String sql = "SELECT 1 /* warm read */";
      Matcher ran;
      List<String> own;
      try (GeneralLog log = new GeneralLog(server)) {
         GatlingRun.Result run = run(server, sql, Map.of());
         assertEquals(0, run.exitCode(), run.console());
         ran = ran(run.console());
         assertEquals("its own statements", ran.group(1));
         // Gatling's own log, not its console: in a JVM of many runs Gatling prints to the first run's console
         assertTrue(GatlingLog.newest(Path.of(System.getProperty("lab.gatlingResults"))).requests("jvm warm-up") > 0,
               "Gatling counts its requests");
         own = log.times("%warm read%");
         assertEquals(0, log.times("%" + StandIn.MARK.strip() + "%").size(), "no stand-in for a read-only statement");
      }
      assertEquals(OPERATIONS, count(ran), ran.group(0));
      assertEquals("stopped at -DjvmWarmup.ops=" + OPERATIONS, ran.group(3));
      assertTrue(own.size() >= 1 + OPERATIONS, "the try, the warm-up and the step: " + own.size());
   }

   @Test
   void aWritingStatementOfTheUsersOwnIsWarmedOnStandInsThatTouchNoTableOfTheUsers() throws SQLException {
      ExternalServer server = ExternalServer.get();
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         st.execute("CREATE OR REPLACE TABLE demo.warmed (at TIMESTAMP(6) NOT NULL)");
      }
      String sql = "INSERT INTO warmed (at) VALUES (NOW(6))";
      Matcher ran;
      List<String> standIns;
      try (GeneralLog log = new GeneralLog(server)) {
         GatlingRun.Result run = run(server, sql, Map.of("sql.writes", "true"));
         assertEquals(0, run.exitCode(), run.console());
         ran = ran(run.console());
         assertTrue(ran.group(1).startsWith("harmless statements of its shape"), ran.group(0));
         standIns = log.times("%" + StandIn.MARK.strip() + "%");
      }
      assertEquals(OPERATIONS, count(ran), ran.group(0));
      assertEquals(OPERATIONS, standIns.size(), "each operation of the warm-up one stand-in statement");
      String first = standIns.get(0);
      String last = standIns.get(standIns.size() - 1);
      try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
         assertEquals(1, rows(st, "at < '" + first + "'"), "the lab's try of the statement, before the warm-up");
         assertEquals(0, rows(st, "at BETWEEN '" + first + "' AND '" + last + "'"), "nothing during the warm-up");
         assertTrue(rows(st, "at > '" + last + "'") > 0, "the measured step wrote after it");
      }
   }

   private static GatlingRun.Result run(ExternalServer server, String sql, Map<String, String> extra) {
      Map<String, String> options = new HashMap<>(Map.of("db.url", server.url(), "db.user", "root", "pools", "1",
            "users", "2", "seconds", "0.3", "warmup", "0", "workloads", "custom", "sql", sql));
      options.putAll(Map.of("jvmWarmup", "20", "jvmWarmup.ops", String.valueOf(OPERATIONS)));
      options.putAll(extra);
      return GatlingRun.run(PoolSweep.class, options, false);
   }

   private static Matcher ran(String console) {
      Matcher m = RAN.matcher(console);
      assertTrue(m.find(), "the console says what the warm-up ran: " + console);
      return m;
   }

   private static long count(Matcher ran) {
      return Long.parseLong(ran.group(2).replace(",", ""));
   }

   private static long rows(Statement st, String where) throws SQLException {
      try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM demo.warmed WHERE " + where)) {
         rs.next();
         return rs.getLong(1);
      }
   }

   /** The server's general log in its table, on for a run and off again after, emptied before. */
   private static final class GeneralLog implements AutoCloseable {
      private final ExternalServer server;

      GeneralLog(ExternalServer server) throws SQLException {
         this.server = server;
         try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL general_log = 0");
            st.execute("TRUNCATE TABLE mysql.general_log");
            st.execute("SET GLOBAL log_output = 'TABLE'");
            st.execute("SET GLOBAL general_log = 1");
         }
      }

      /** When each statement like {@code like} was logged, in order. */
      List<String> times(String like) throws SQLException {
         try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL general_log = 0");
            try (ResultSet rs = st.executeQuery("SELECT event_time FROM mysql.general_log WHERE command_type = "
                  + "'Query' AND CONVERT(argument USING utf8mb4) LIKE '" + like + "' ORDER BY event_time")) {
               List<String> times = new ArrayList<>();
               while (rs.next()) {
                  times.add(rs.getString(1));
               }
               return times;
            }
         }
      }

      @Override
      public void close() throws SQLException {
         try (Connection c = server.root().connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL general_log = 0");
            st.execute("SET GLOBAL log_output = 'FILE'");
         }
      }
   }
}
