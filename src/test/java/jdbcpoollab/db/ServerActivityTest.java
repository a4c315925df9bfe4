package jdbcpoollab.db;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerActivityTest {

   @Test
   void cpuTimeIsUserPlusSystemTicksAfterTheCommandName() {
      // fields 14 and 15 of proc(5): utime 1234, stime 567; the command name holds a space and a parenthesis
      String stat = "4242 (mariadbd (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 1234 567 0 0 20 0 30 0 99 0 0";
      assertEquals(1234 + 567, ServerActivity.cpuTicks(stat));
   }

   @Test
   void thisProcessCpuIsReadFromProcAndAnUnknownServerSaysSo() {
      ServerActivity self = ServerActivity.of(new Database("jdbc:oracle:thin:@//127.0.0.1:1/x", "u", "p"),
            OptionalLong.of(ProcessHandle.current().pid()));
      assertEquals(ActivityNames.CPU_CORES, self.what());
      self.sample();
      // 100 ms of this thread's own CPU (bounded at 20 s of wall time on a crowded machine): at least 10 ticks
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long cpuEnd = threads.getCurrentThreadCpuTime() + 100_000_000L;
      long wallEnd = System.nanoTime() + 20_000_000_000L;
      double spin = 0;
      while (threads.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
         spin += Math.sqrt(spin + 1);
      }
      double cores = self.sample();
      assertTrue(spin > 0 && cores > 0 && cores <= Runtime.getRuntime().availableProcessors() + 1, "cores " + cores);
      ServerActivity oracle = ServerActivity.of(new Database("jdbc:oracle:thin:@//127.0.0.1:1/x", "u", "p"),
            OptionalLong.empty());
      assertEquals(ActivityNames.UNKNOWN, oracle.what());
      assertTrue(Double.isNaN(oracle.sample()));
   }
}
