package jdbcpoollab.load;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import jdbcpoollab.measure.StepRecorder;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the connections given back to a HikariCP pool while a step's window is open, from inside the pool (a
 * HikariCP metrics tracker, called by the pool on every return). An operation gives its connection back as its last
 * act, so this counts completed operations of any client of the pool without asking the client, or Gatling, anything.
 */
public final class PoolReturns implements MetricsTrackerFactory {
   private final StepRecorder window;
   private final boolean startsWindow;
   private final LongAdder returned = new LongAdder();
   private volatile PoolStats stats;

   private PoolReturns(StepRecorder window, boolean startsWindow) {
      this.window = window;
      this.startsWindow = startsWindow;
   }

   /** Counts returns inside the window of a recorder that its own operations drive. */
   public static PoolReturns within(StepRecorder window) {
      return new PoolReturns(window, false);
   }

   /** For a client the lab does not time: the first connection borrowed (or timed out) starts the window's clock. */
   public static PoolReturns clocking(StepRecorder window) {
      return new PoolReturns(window, true);
   }

   @Override
   public IMetricsTracker create(String poolName, PoolStats poolStats) {
      stats = poolStats;
      return new IMetricsTracker() {
         @Override
         public void recordConnectionAcquiredNanos(long elapsedAcquiredNanos) {
            start();
         }

         @Override
         public void recordConnectionTimeout() {
            start();
         }

         @Override
         public void recordConnectionUsageMillis(long elapsedBorrowedMillis) {
            if (window.inWindow(System.nanoTime())) {
               returned.increment();
            }
         }
      };
   }

   private void start() {
      if (startsWindow) {
         window.begin(0, System.nanoTime());
      }
   }

   /** Connections given back inside the window so far. */
   public long count() {
      return returned.sum();
   }

   /** Waits until the pool, created elsewhere, holds {@code connections}; HikariCP refreshes its stats each second. */
   public void awaitFilled(int connections, long timeoutMs) throws TimeoutException, InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      while (stats == null || stats.getTotalConnections() < connections) {
         if (System.nanoTime() > deadline) {
            throw new TimeoutException("pool holds " + (stats == null ? 0 : stats.getTotalConnections()) + " of "
                  + connections + " connections after " + timeoutMs + " ms");
         }
         Thread.sleep(50);
      }
   }
}
