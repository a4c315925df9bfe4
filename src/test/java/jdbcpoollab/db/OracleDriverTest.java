package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** No Oracle server can run here: the thin driver is loaded and pointed at a closed loopback port. */
class OracleDriverTest {

   @Test
   void theThinDriverLoadsAndRejectsAClosedPortWithAClearErrorInSeconds() throws Exception {
      int port = closedPort();
      String url = "jdbc:oracle:thin:scott/tiger@//127.0.0.1:" + port + "/FREEPDB1";
      assertEquals("oracle.jdbc.OracleDriver", DriverManager.getDriver(url).getClass().getName());
      Database db = new Database(url, null, "");
      long start = System.nanoTime();
      SQLException first = assertThrows(SQLException.class, db::connect);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(seconds < 20, "refused after " + seconds + " s");
      String message = db.redact(first.getMessage());
      assertTrue(message.contains("No listener at host 127.0.0.1 port " + port), message);
      assertFalse(db.safeUrl().contains("tiger"), db.safeUrl());

      SQLException second = assertThrows(SQLException.class, db::connect);
      assertEquals(ErrorMessages.normalise(first), ErrorMessages.normalise(second), "one row in the error table");
   }

   /** A loopback port nobody listens on: bound, then released. */
   private static int closedPort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         return socket.getLocalPort();
      }
   }
}
