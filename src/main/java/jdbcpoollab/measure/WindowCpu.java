package jdbcpoollab.measure;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this JVM spent during a step's measured window, read from the operating system when the window opens
 * and when it closes (a watcher polls the window every 5 ms). Divided by the operations completed in the window, it
 * is the CPU one operation costs the client side: driver, pool and harness, whatever else the machine runs.
 */
public final class WindowCpu {
   private static final long POLL_MILLIS = 5;

   private final Window window;
   private volatile long nanos = -1;
   private volatile long wallNanos = -1;
   private final Thread watcher;

   private WindowCpu(Window window) {
      this.window = window;
      this.watcher = new Thread(this::watch, "window-cpu");
      watcher.setDaemon(true);
   }

   /** Starts watching a window that has not opened yet. */
   public static WindowCpu watch(Window window) {
      WindowCpu cpu = new WindowCpu(window);
      cpu.watcher.start();
      return cpu;
   }

   private void watch() {
      try {
         while (!window.inWindow(System.nanoTime())) {
            if (!window.running(System.nanoTime())) {
               return;
            }
            Thread.sleep(POLL_MILLIS);
         }
         long start = processCpuNanos();
         long wallStart = System.nanoTime();
         while (window.running(System.nanoTime())) {
            Thread.sleep(POLL_MILLIS);
         }
         long end = processCpuNanos();
         wallNanos = System.nanoTime() - wallStart;
         nanos = end - start;
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   /** CPU microseconds per operation, or NaN when the window was not watched to its end. */
   public double microsPerOperation(long operations) {
      return clientCpu(operations).microsPerOp();
   }

   /** The window's CPU against the machine and per operation; unknown when it was not watched to its end. */
   public ClientCpu clientCpu(long operations) {
      try {
         watcher.join(1_000);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
      long cpu = nanos;
      return cpu < 0 ? ClientCpu.UNKNOWN
            : ClientCpu.of(cpu, wallNanos, Runtime.getRuntime().availableProcessors(), operations);
   }

   private static long processCpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
   }
}
