package jdbcpoollab.db;

import jdbcpoollab.testing.ExternalServer;
import jdbcpoollab.testing.RunsAlone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fault proxy in front of a real embedded MariaDB: refused, blackholed, and back on the same port. */
@RunsAlone("a refused connect must fail within 0.9 s, and five round trips take under 300 ms")
class FaultProxyTest {
   private static Database direct;

   /** The test JVM's shared server: the proxy's faults are its own, the server behind it stays as it is. */
   @BeforeAll
   static void start() {
      direct = ExternalServer.get().root();
   }

   private static int one(Connection c) throws SQLException {
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
         rs.next();
         return rs.getInt(1);
      }
   }

   @Test
   void aRefusedDatabaseFailsAtOnceAndComesBackOnTheSamePort() throws SQLException {
      try (FaultProxy proxy = FaultProxy.open(direct.host(), direct.port())) {
         Database through = DriverTimeouts.on(proxy.in(direct), 1_000);
         try (Connection c = through.connect()) {
            assertEquals(1, one(c));
            proxy.refuse();
            assertThrows(SQLException.class, () -> one(c), "a connection open when it went is closed");
         }
         long t0 = System.nanoTime();
         assertThrows(SQLException.class, through::connect);
         assertTrue(System.nanoTime() - t0 < 900_000_000L, "refused at once, not timed out");
         proxy.restore();
         try (Connection c = through.connect()) {
            assertEquals(1, one(c));
            assertEquals(1, proxy.open(), "the refused connections left nothing open behind them");
         }
      }
   }

   @Test
   void aBlackholeAnswersNothingUntilItEndsThenWhatItHeldFlowsOn() throws Exception {
      try (FaultProxy proxy = FaultProxy.open(direct.host(), direct.port())) {
         Database through = DriverTimeouts.on(proxy.in(direct), 800);
         try (Connection c = proxy.in(direct).connect()) {
            proxy.blackhole();
            long t0 = System.nanoTime();
            SQLException timedOut = assertThrows(SQLException.class, through::connect);
            assertTrue(System.nanoTime() - t0 >= 700_000_000L, "no reset: the driver's own timeout ended it: "
                  + timedOut);
            Thread later = new Thread(() -> {
               try {
                  Thread.sleep(300);
               } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
               }
               proxy.restore();
            });
            later.start();
            t0 = System.nanoTime();
            assertEquals(1, one(c), "the statement sent into the black hole is answered once it ends");
            assertTrue(System.nanoTime() - t0 >= 250_000_000L);
            later.join();
         }
      }
   }

   @Test
   void aDelayedConnectSlowsOnlyTheHandshakeNotTheRoundTripsAfterIt() throws SQLException {
      try (FaultProxy proxy = FaultProxy.open(direct.host(), direct.port())) {
         proxy.delayConnects(300);
         long t0 = System.nanoTime();
         try (Connection c = proxy.in(direct).connect()) {
            assertTrue(System.nanoTime() - t0 >= 300_000_000L, "the handshake waited");
            long t1 = System.nanoTime();
            for (int i = 0; i < 5; i++) {
               assertEquals(1, one(c));
            }
            assertTrue(System.nanoTime() - t1 < 300_000_000L, "five round trips, none delayed");
         }
         assertTrue(proxy.counts().quickestHandshakeMs() >= 300, "from accept to the server's greeting");
         assertEquals(1, proxy.counts().acceptedCount());
      }
   }

   @Test
   void aCutAfterClosesEachConnectionAtItsAgeInUseOrNot() throws Exception {
      try (FaultProxy proxy = FaultProxy.open(direct.host(), direct.port())) {
         proxy.cutAfter(400);
         try (Connection c = proxy.in(direct).connect()) {
            assertEquals(1, one(c));
            Thread.sleep(600);
            assertThrows(SQLException.class, () -> one(c), "cut at 400 ms");
         }
         assertEquals(1, proxy.counts().cutCount());
         proxy.counts().reset();
         assertEquals(0, proxy.counts().cutCount());
      }
   }
}
