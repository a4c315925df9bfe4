package jdbcpoollab.measure;

import jdbcpoollab.db.ServerProcess;

import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * The CPU time this JVM spent during a step's measured window, read from the operating system when the window opens
 * and when it closes (a watcher sleeps until the window's planned edges, looking sooner only for a step stopped early
 * or not started: a few wake-ups per step, not hundreds, in the JVM it measures). Divided by the operations completed in the window, it
 * is the CPU one operation costs the client side: driver, pool and harness, whatever else the machine runs. Told the
 * database server's process, it also splits the machine's CPU over the same window ({@link MachineCpu}).
 */
public final class WindowCpu {
   private final Window window;
   private final ServerProcess server;
   private final Disturbance verdict;
   private volatile long nanos = -1;
   private volatile long wallNanos = -1;
   private volatile MachineCpu machine = MachineCpu.UNKNOWN;
   private final Thread watcher;

   private WindowCpu(Window window, ServerProcess server, Disturbance verdict) {
      this.window = window;
      this.server = server;
      this.verdict = verdict;
      this.watcher = new Thread(this::watch, "window-cpu");
      watcher.setDaemon(true);
   }

   /** Starts watching a window that has not opened yet. */
   public static WindowCpu watch(Window window) {
      return watch(window, null, null);
   }

   /**
    * Starts watching a window that has not opened yet, and splitting the machine's CPU over it.
    *
    * @param server  the database server's process, or null to leave the machine unsplit
    * @param verdict when the split makes the window disturbed
    */
   public static WindowCpu watch(Window window, ServerProcess server, Disturbance verdict) {
      WindowCpu cpu = new WindowCpu(window, server, verdict);
      cpu.watcher.start();
      return cpu;
   }

   private void watch() {
      try {
         for (long now = System.nanoTime(); !window.inWindow(now); now = System.nanoTime()) {
            if (!window.running(now)) {
               return;
            }
            sleep(window.quietNanos(now));
         }
         Optional<CpuTicks> ticks = machineTicks();
         long start = processCpuNanos();
         long wallStart = System.nanoTime();
         for (long now = System.nanoTime(); window.running(now); now = System.nanoTime()) {
            sleep(window.quietNanos(now));
         }
         long end = processCpuNanos();
         wallNanos = System.nanoTime() - wallStart;
         nanos = end - start;
         Optional<CpuTicks> after = ticks.isPresent() ? machineTicks() : Optional.empty();
         if (after.isPresent()) {
            machine = MachineCpu.between(ticks.get(), after.get(), server.how(), verdict);
         }
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
      join();
      long cpu = nanos;
      return cpu < 0 ? ClientCpu.UNKNOWN
            : ClientCpu.of(cpu, wallNanos, Runtime.getRuntime().availableProcessors(), operations);
   }

   /** The machine's CPU over the window, split; unknown when not asked for, not watched to its end or not Linux. */
   public MachineCpu machine() {
      join();
      return machine;
   }

   private static void sleep(long nanos) throws InterruptedException {
      if (nanos > 0) {
         Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
      }
   }

   private Optional<CpuTicks> machineTicks() {
      return server == null ? Optional.empty() : CpuTicks.read(server.pid());
   }

   private void join() {
      try {
         watcher.join(1_000);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   private static long processCpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
   }
}
