package jdbcpoollab.db;

import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The round-trip proxy in front of a real embedded MariaDB: one statement costs one more round trip, no more. */
@RunsAlone("a 20 ms round trip must add 20 ms ± 10% to a statement's median")
class RttProxyTest {
   private static final int RTT_MS = 20;
   private static Database direct;

   /** The test JVM's shared server: the round trip is the proxy's own, the server behind it answers as always. */
   @BeforeAll
   static void start() {
      direct = ExternalServer.get().root();
   }

   /** Median time of a one-round-trip statement, in ms, on one connection. */
   private static double medianMs(Database database) throws SQLException {
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         double[] ms = new double[15];
         for (int i = -3; i < ms.length; i++) {
            long t0 = System.nanoTime();
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
               rs.next();
            }
            if (i >= 0) {
               ms[i] = (System.nanoTime() - t0) / 1e6;
            }
         }
         Arrays.sort(ms);
         return ms[ms.length / 2];
      }
   }

   @Test
   void aStatementTakesOneRoundTripLongerWithinTenPercent() throws SQLException {
      try (RttProxy proxy = RttProxy.open(RTT_MS, direct.host(), direct.port())) {
         Database far = proxy.in(direct);
         assertNotEquals(direct.url(), far.url());
         double growth = medianMs(far) - medianMs(direct);
         System.out.printf("SELECT 1 grows by %.2f ms through a %d ms proxy%n", growth, RTT_MS);
         assertTrue(Math.abs(growth - RTT_MS) <= RTT_MS * 0.1, "grew by " + growth + " ms, not " + RTT_MS + " ± 10%");
      }
   }

   @Test
   void aLargeResultArrivesWholeAndInOrderThroughTheBoundedBuffers() throws SQLException {
      int length = 3 * (int) RttProxy.MAX_PENDING;
      try (RttProxy proxy = RttProxy.open(2, direct.host(), direct.port());
           Connection c = proxy.in(direct).connect(); Statement st = c.createStatement()) {
         st.execute("SET SESSION group_concat_max_len = " + (length + 10));
         try (ResultSet rs = st.executeQuery("SELECT GROUP_CONCAT(LPAD(seq, 7, '0') ORDER BY seq SEPARATOR '')"
               + " FROM seq_1_to_" + (length / 7))) {
            assertTrue(rs.next());
            String text = rs.getString(1);
            assertEquals(length / 7 * 7, text.length());
            for (int i = 0; i < length / 7; i += 9_973) {
               assertEquals(String.format("%07d", i + 1), text.substring(i * 7, i * 7 + 7), "chunk " + i);
            }
         }
      }
   }

   @Test
   void aNegativeRoundTripIsRefused() {
      assertEquals("rttMs must be 0 or more: -1", assertThrows(IllegalArgumentException.class,
            () -> RttProxy.open(-1, "127.0.0.1", 1)).getMessage());
   }
}
