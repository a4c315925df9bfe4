package jdbcpoollab.load;

import jdbcpoollab.measure.FaultRecorder;
import jdbcpoollab.pools.PoolGauge;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Samples a pool into its {@link FaultRecorder} every {@code periodMillis}, on a thread of its own: what completed
 * and failed, the acquire P99 of the interval, what the pool holds and the connections open through the proxy.
 * Stops when told, and at the latest after {@code maxNanos}.
 */
public final class FaultSampler {
   private final FaultRecorder recorder;
   private final PoolGauge gauge;
   private final IntSupplier proxyConnections;
   private final long periodNanos;
   private final long deadline;
   private final CountDownLatch stop = new CountDownLatch(1);
   private final Thread thread;

   public FaultSampler(String name, FaultRecorder recorder, PoolGauge gauge, IntSupplier proxyConnections,
                       double periodMillis, long maxNanos) {
      this.recorder = recorder;
      this.gauge = gauge;
      this.proxyConnections = proxyConnections;
      this.periodNanos = (long) (periodMillis * 1e6);
      this.deadline = System.nanoTime() + maxNanos;
      thread = new Thread(this::loop, "lab-fault-sampler-" + name);
      thread.setDaemon(true);
      thread.start();
   }

   private void loop() {
      long next = System.nanoTime() + periodNanos;
      try {
         while (!stop.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS)
               && System.nanoTime() - deadline < 0) {
            next = Math.max(next + periodNanos, System.nanoTime());
            sampleNow();
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   /** One sample now; a reading the pool fails to give (closing under it) is left empty. */
   private void sampleNow() {
      PoolGauge.Reading pool;
      try {
         pool = gauge.read();
      } catch (RuntimeException e) {
         pool = null;
      }
      recorder.sample(System.nanoTime(), pool == null ? -1 : pool.active(), pool == null ? -1 : pool.idle(),
            pool == null ? -1 : pool.waiting(), proxyConnections.getAsInt());
   }

   /** Stops sampling, after a last sample, and waits (briefly) for the thread to end. */
   public void stop() {
      stop.countDown();
      try {
         thread.join(2_000);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
      sampleNow();
   }
}
