package jdbcpoollab.reference;

import jdbcpoollab.pools.ConnectionSource;
import jdbcpoollab.workloads.Workload;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The reference the lab is measured against: plain platform threads in a closed loop on a pool, each with its own
 * pre-drawn records and its own HdrHistograms, and none of the lab's recorder, users, sampler or Gatling. It shares
 * with the lab only the pool library, the database and the workload's statements and their binding.
 */
public final class PlainThreads {
   /** Records drawn before the load, shared out among the threads, each of which cycles through its own. */
   static final int RECORDS = 1 << 17;
   private static final int RECORDS_PER_THREAD_MIN = 1024;

   private PlainThreads() {
   }

   /**
    * Runs {@code threads} threads on {@code pool} (already open and filled): {@code warmupNanos} unmeasured, then
    * {@code windowNanos} measured; returns once all have left.
    */
   public static ReferenceResult run(Workload workload, ConnectionSource pool, int threads, long warmupNanos,
                                     long windowNanos) throws InterruptedException {
      Window window = new Window(warmupNanos, windowNanos);
      int perThread = Math.max(RECORDS_PER_THREAD_MIN, RECORDS / threads);
      List<PlainLoop> loops = new ArrayList<>(threads);
      List<Thread> running = new ArrayList<>(threads);
      for (int i = 1; i <= threads; i++) {
         PlainLoop loop = new PlainLoop(workload, pool, draws(workload, perThread), window);
         Thread thread = new Thread(loop, "reference-" + i);
         thread.setDaemon(true);
         loops.add(loop);
         running.add(thread);
      }
      running.forEach(Thread::start);
      long[] cpu;
      try {
         window.open();
         cpu = processCpuInWindow(window);
         for (Thread thread : running) {
            thread.join();
         }
      } catch (InterruptedException e) {
         window.stop();
         running.forEach(Thread::interrupt);
         throw e;
      }
      return merged(loops, window, cpu);
   }

   /**
    * The records of one thread, drawn now from the workload's feeder as the lab's users draw theirs (a mix's kind
    * first, then its record); fewer when a feeder ran dry.
    */
   static List<PlainLoop.Draw> draws(Workload workload, int count) {
      List<PlainLoop.Draw> draws = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
         Workload kind = workload.pick();
         Map<String, Object> input = kind.draw();
         if (input == null) {
            break;
         }
         draws.add(new PlainLoop.Draw(kind, input));
      }
      return draws;
   }

   /** This JVM's CPU time across the window, read as it opens and as it closes: {start, end}. */
   private static long[] processCpuInWindow(Window window) {
      sleepUntil(window, window.from());
      long from = processCpuNanos();
      sleepUntil(window, window.to());
      return new long[] {from, window.stopped() ? -1 : processCpuNanos()};
   }

   private static void sleepUntil(Window window, long nanos) {
      for (long left = nanos - System.nanoTime(); left > 0 && !window.stopped(); left = nanos - System.nanoTime()) {
         LockSupport.parkNanos(left);
      }
   }

   private static long processCpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
   }

   private static ReferenceResult merged(List<PlainLoop> loops, Window window, long[] cpu) {
      Histogram acquire = PlainLoop.histogram();
      Histogram query = PlainLoop.histogram();
      Histogram total = PlainLoop.histogram();
      Histogram gaps = PlainLoop.histogram();
      Map<String, ReferenceResult.Kind> kinds = new TreeMap<>();
      Map<String, Long> errors = new TreeMap<>();
      long[] perThread = new long[loops.size()];
      long ok = 0;
      long ko = 0;
      long koOutside = 0;
      long threadCpu = 0;
      for (int i = 0; i < loops.size(); i++) {
         PlainLoop loop = loops.get(i);
         acquire.add(loop.acquire);
         query.add(loop.query);
         total.add(loop.total);
         gaps.add(loop.gaps);
         loop.kinds.forEach((name, k) -> kinds.merge(name, kind(k), PlainThreads::sum));
         loop.errors.forEach((error, n) -> errors.merge(error, n, Long::sum));
         perThread[i] = loop.ok;
         ok += loop.ok;
         ko += loop.ko;
         koOutside += loop.koOutside;
         threadCpu += Math.max(0, loop.cpuNanos);
      }
      boolean complete = !window.stopped();
      return new ReferenceResult(loops.size(), window.windowNanos() / 1e9, complete, ok, ko, koOutside, acquire,
            query, total, gaps, perThread, kinds, errors, threadCpu, cpu[1] < 0 ? -1 : cpu[1] - cpu[0]);
   }

   private static ReferenceResult.Kind kind(PlainLoop.Kind k) {
      return new ReferenceResult.Kind(k.ok, k.ko, k.acquire, k.query, k.total);
   }

   private static ReferenceResult.Kind sum(ReferenceResult.Kind a, ReferenceResult.Kind b) {
      Histogram acquire = a.acquire().copy();
      Histogram query = a.query().copy();
      Histogram total = a.total().copy();
      acquire.add(b.acquire());
      query.add(b.query());
      total.add(b.total());
      return new ReferenceResult.Kind(a.ok() + b.ok(), a.ko() + b.ko(), acquire, query, total);
   }
}
