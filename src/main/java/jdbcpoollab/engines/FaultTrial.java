package jdbcpoollab.engines;

import jdbcpoollab.db.Database;
import jdbcpoollab.db.DriverTimeouts;
import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.db.ServerStatus;
import jdbcpoollab.load.FaultSampler;
import jdbcpoollab.load.Step;
import jdbcpoollab.load.WatchedSource;
import jdbcpoollab.load.WatchedWorkload;
import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.measure.FaultSample;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRecorder;
import jdbcpoollab.pools.PoolGauge;
import jdbcpoollab.pools.PoolLibrary;
import jdbcpoollab.pools.PoolShape;
import jdbcpoollab.report.FaultTimeline;
import jdbcpoollab.workloads.Think;
import jdbcpoollab.workloads.Workload;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jdbcpoollab.run.Lab;

/**
 * One source's pool through a scenario beyond steady state (Outage, Burst, Lifetime): its step on a pool reached
 * through the lab's {@link FaultProxy}, every getConnection and operation counted into its {@link FaultRecorder}, the
 * pool sampled from the moment it is filled, and the server's counters over its life. Each source starts on a clean
 * proxy and leaves it restored.
 */
final class FaultTrial {
   final PoolLibrary source;
   final FaultRecorder recorder = new FaultRecorder();
   final Step step;
   private final Lab lab;
   private final ServerStatus server;
   private volatile FaultSampler sampler;
   private volatile PoolGauge gauge = PoolGauge.NONE;
   private volatile Map<String, Long> countersBefore = Map.of();
   private volatile long startNanos;
   private volatile boolean entered;
   private volatile boolean interrupted;
   private final AtomicBoolean reported = new AtomicBoolean();

   /**
    * @param users           the users that load it
    * @param windowNanos     the step's window: no operation starts after it
    * @param socketTimeoutMs the driver's connect and socket timeouts on the pool's URL
    * @param failurePauseMs  how long a user rests after a failed operation
    */
   FaultTrial(Lab lab, ServerStatus server, PoolLibrary source, StepId id, Workload workload, int users,
              long windowNanos, PoolShape shape, int socketTimeoutMs, int failurePauseMs) {
      this.lab = lab;
      this.server = server;
      this.source = source;
      step = new Step(new WatchedWorkload(workload, recorder), id.name(), () -> {
         Database proxied = lab.faultProxy().in(lab.database());
         Database database = DriverTimeouts.on(workload.readOnly() ? proxied.readOnly() : proxied, socketTimeoutMs);
         WatchedSource watched = new WatchedSource(source.open(database, shape), recorder);
         gauge = watched.gauge();
         return watched;
      }, new StepRecorder(id, users, 0, windowNanos), Think.NONE, failurePauseMs * 1_000_000L);
   }

   /**
    * On a clean proxy: the pool opened and filled, then the clock and the sampler started; false (and said) when the
    * pool did not open.
    *
    * @param maxNanos the sampler's own bound
    */
   boolean open(double periodMs, long maxNanos) {
      entered = true;
      FaultProxy proxy = lab.faultProxy();
      proxy.restore();
      proxy.closeConnections();
      proxy.counts().reset();
      countersBefore = server.before();
      step.enter();
      if (step.openFailure() != null) {
         lab.stepStarted(step.requestName() + ": pool did not open, source skipped: " + step.openFailure());
         return false;
      }
      startNanos = System.nanoTime();
      recorder.start(startNanos);
      sampler = new FaultSampler(source.name(), recorder, gauge, proxy::open, periodMs, maxNanos);
      return true;
   }

   /** When the pool was filled and the clock started. */
   long startNanos() {
      return startNanos;
   }

   /**
    * What the pool held as its users left, then the pool closed and the proxy cleaned; null when it never opened.
    * The proxy is restored either way.
    */
   After close() {
      FaultProxy proxy = lab.faultProxy();
      proxy.restore();
      if (step.openFailure() != null || sampler == null) {
         step.close();
         return null;
      }
      PoolGauge.Reading held = gauge.read();
      int throughProxy = proxy.open();
      sampler.stop();
      step.close();
      int leftOpen = leftOpen(proxy);
      proxy.closeConnections();
      return new After(held, throughProxy, leftOpen, longestGap(recorder.samples()), server.since(countersBefore));
   }

   /**
    * What the pool under way holds as the JVM ends, its sampler stopped and the pool left to the JVM's end (no
    * connections closed, no server counters read: the ending JVM does not wait); null when no pool was under way.
    */
   After interrupt() {
      if (sampler == null || step.interrupt() == null) {
         return null;
      }
      interrupted = true;
      sampler.stop();
      return new After(gauge.read(), lab.faultProxy().open(), -1, longestGap(recorder.samples()), Map.of());
   }

   /**
    * Whether the source has anything to close and report: its users came (the run may end before they do) and the
    * JVM did not end while they ran (then what it measured is reported already, its pool left to the JVM's end).
    */
   boolean toClose() {
      return entered && !interrupted;
   }

   /**
    * True once, for the one that reports the source: its close as its users leave, or the JVM's end, which may come
    * while that close is still under way.
    */
   boolean report() {
      return reported.compareAndSet(false, true);
   }

   /**
    * What a source left behind.
    *
    * @param pool               active, idle and waiting as the users left; null when the library cannot tell
    * @param throughProxy       client connections open through the proxy then: the pool's physical connections
    * @param leftOpenAfterClose connections still open through the proxy a second after the pool closed
    * @param longestSampleGapMs the longest time between two samples: the lab's sampler never blocked longer
    * @param server             the server's counters over the source's life, its pool's fill included
    */
   record After(PoolGauge.Reading pool, int throughProxy, int leftOpenAfterClose, double longestSampleGapMs,
                Map<String, Long> server) {
      /** The server's count of connections opened, or -1 when it has no such counter. */
      long serverConnections() {
         return server.getOrDefault("Connections", -1L);
      }
   }

   /** Connections still open through the proxy after the pool closed, given a second to go. */
   private static int leftOpen(FaultProxy proxy) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
      while (proxy.open() > 0 && System.nanoTime() < deadline) {
         try {
            Thread.sleep(20);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
         }
      }
      return proxy.open();
   }

   private static double longestGap(List<FaultSample> samples) {
      double gap = 0;
      for (int i = 1; i < samples.size(); i++) {
         gap = Math.max(gap, samples.get(i).ms() - samples.get(i - 1).ms());
      }
      return gap;
   }

   /** A source done: the timeline so far written to the run folder (or why not said), and its answer said. */
   static void finished(Lab lab, FaultTimeline timeline, String line) {
      write(lab, timeline);
      lab.stepFinished(line);
   }

   /** As {@link #finished}, for a source cut short: {@code why} said with its line and recorded with the run. */
   void finishedPartial(FaultTimeline timeline, String line, String why) {
      write(lab, timeline);
      lab.stepFinished(line, step.requestName(), why);
   }

   private static void write(Lab lab, FaultTimeline timeline) {
      try {
         timeline.write(lab.folder());
      } catch (RuntimeException e) {
         lab.progress(timeline.file() + " could not be written: " + e.getMessage());
      }
   }

   /** The scenario's clock for what it schedules per source, on one daemon thread. */
   static ScheduledExecutorService clock(String scenario) {
      return Executors.newSingleThreadScheduledExecutor(task -> {
         Thread thread = new Thread(task, "lab-" + scenario + "-clock");
         thread.setDaemon(true);
         return thread;
      });
   }
}
