package jdbcpoollab.load;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/** The JIT's compile time so far, by the JVM's own count (summed over its compiler threads), where it keeps one. */
final class JitTime {
   private static final CompilationMXBean JIT = timed();

   private JitTime() {
   }

   /** Whether this JVM counts its JIT's compile time. */
   static boolean counted() {
      return JIT != null;
   }

   /** The JIT's compile time since the JVM started, ms; 0 where it is not counted. */
   static long millis() {
      return JIT == null ? 0 : JIT.getTotalCompilationTime();
   }

   private static CompilationMXBean timed() {
      CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
      return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit : null;
   }
}
