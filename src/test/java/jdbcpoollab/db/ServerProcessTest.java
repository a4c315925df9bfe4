package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The database server's process: the embedded server's pid, or the process listening on the URL's port here. */
class ServerProcessTest {
   /** /proc/net/tcp as read: one listener on port 2024 (07E8), one connection from port 33387 (826B). */
   private static final String TCP = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt"
         + "   uid  timeout inode\n"
         + "   0: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1066 1"
         + " 000000005dec6c02 100 0 0 10 0\n"
         + "   1: 0100007F:826B 0100007F:8BB6 06 00000000:00000000 03:0000106C 00000000     0        0 0 3"
         + " 000000008f713bc1\n";

   @Test
   void theListeningSocketsInodeIsFoundByItsPort() {
      assertEquals(Set.of(1066L), ServerProcess.listening(TCP, 2024));
      assertEquals(Set.of(), ServerProcess.listening(TCP, 33387), "a connection's port is not a listener");
      assertEquals(Set.of(), ServerProcess.listening(TCP, 3306));
   }

   @Test
   void anEmbeddedServerIsItsOwnPidAndARemoteOneIsUnknown() {
      assertEquals(new ServerProcess(OptionalLong.of(42), ServerProcess.EMBEDDED),
            ServerProcess.of(new Database("jdbc:mysql://127.0.0.1:1/x", "u", "p"), OptionalLong.of(42)));
      assertEquals(ServerProcess.NONE, ServerProcess.of(new Database("jdbc:mysql://192.0.2.1:3306/x", "u", "p"),
            OptionalLong.empty()));
   }

   @Test
   void aServerOnThisMachineIsFoundByThePortItListensOn() throws Exception {
      assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "/proc/net is Linux's");
      try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         Database here = new Database("jdbc:mysql://127.0.0.1:" + listener.getLocalPort() + "/x", "u", "p");
         ServerProcess found = ServerProcess.of(here, OptionalLong.empty());
         assertEquals(ServerProcess.BY_PORT, found.how());
         assertEquals(OptionalLong.of(ProcessHandle.current().pid()), found.pid());
      }
      assertTrue(ServerProcess.of(new Database("jdbc:mysql://127.0.0.1:1/x", "u", "p"), OptionalLong.empty())
            .pid().isEmpty(), "nothing listens on port 1");
   }
}
