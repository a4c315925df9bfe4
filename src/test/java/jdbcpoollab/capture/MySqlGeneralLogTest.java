package jdbcpoollab.capture;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded MariaDB's general log switched and put back, also after a failure and an interrupt, and a user without
 * the privilege told so; a capture of traffic of a known shape is CaptureReplayIntegrationTest's.
 */
class MySqlGeneralLogTest {
   private static EmbeddedMariaDb server;
   private static Database database;

   @BeforeAll
   static void start() throws SQLException {
      server = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), 50);
      database = server.start();
   }

   @AfterAll
   static void stop() {
      if (server != null) {
         server.close();
      }
   }

   private static List<String> logSettings() throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
         rs.next();
         return List.of(rs.getString(1), rs.getString(2));
      }
   }

   @Test
   void theSettingsAreRestoredAfterAFailureAndAnInterrupt() throws Exception {
      List<String> before = logSettings();
      assertThrows(IllegalStateException.class, () -> {
         try (MySqlGeneralLog log = MySqlGeneralLog.start(database)) {
            assertEquals("1", logSettings().get(0));
            throw new IllegalStateException("reading failed");
         }
      });
      assertEquals(before, logSettings());
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread capturing = new Thread(() -> {
         try {
            MySqlGeneralLog.capture(database, Duration.ofSeconds(30));
         } catch (Throwable t) {
            thrown.set(t);
         }
      });
      capturing.start();
      long end = System.nanoTime() + 10_000_000_000L;
      while (!"1".equals(logSettings().get(0)) && System.nanoTime() < end) {
         Thread.sleep(20);
      }
      capturing.interrupt();
      capturing.join(10_000);
      assertInstanceOf(InterruptedException.class, thrown.get());
      assertEquals(before, logSettings());
   }

   @Test
   void aUserWithoutThePrivilegeIsToldSoInOneLine() throws Exception {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         // the embedded server starts with --skip-grant-tables: FLUSH PRIVILEGES checks privileges until a restart
         st.execute("FLUSH PRIVILEGES");
         st.execute("CREATE OR REPLACE USER 'root'@'127.0.0.1'");
         st.execute("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
         st.execute("CREATE OR REPLACE USER 'cap_plain'@'%' IDENTIFIED BY 'cap-pw-1'");
         st.execute("GRANT SELECT ON demo.* TO 'cap_plain'@'%'");
      }
      List<String> before = logSettings();
      CaptureException e = assertThrows(CaptureException.class,
            () -> MySqlGeneralLog.start(new Database(database.url(), "cap_plain", "cap-pw-1")));
      assertEquals(CaptureException.Reason.PRIVILEGE, e.reason());
      assertTrue(e.getMessage().startsWith("user cap_plain may not switch the general log or read mysql.general_log: "
            + "a capture needs SUPER"), e.getMessage());
      assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("cap-pw-1"), e.getMessage());
      assertEquals(before, logSettings());
   }
}
