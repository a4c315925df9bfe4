package jdbcpoollab.reference;

import java.util.concurrent.CountDownLatch;

/**
 * The reference's clock, kept as the lab keeps a step's: it starts when the threads are let go, runs a warm-up, then
 * the measured window; an operation counts when it ends inside the window, and the threads loop until it closes.
 */
final class Window {
   private final long warmupNanos;
   private final long windowNanos;
   private final CountDownLatch go = new CountDownLatch(1);
   private volatile long start;
   private volatile boolean stopped;

   Window(long warmupNanos, long windowNanos) {
      this.warmupNanos = warmupNanos;
      this.windowNanos = windowNanos;
   }

   /** Starts the clock and lets every waiting thread go. */
   void open() {
      start = System.nanoTime();
      go.countDown();
   }

   /** Blocks until {@link #open}. */
   void awaitOpen() throws InterruptedException {
      go.await();
   }

   /** Ends the loops early: each finishes its operation and leaves. */
   void stop() {
      stopped = true;
      go.countDown();
   }

   boolean stopped() {
      return stopped;
   }

   /** True while the threads should keep looping. */
   boolean running(long nowNanos) {
      return !stopped && nowNanos - start < warmupNanos + windowNanos;
   }

   /** When the measured window opens. */
   long from() {
      return start + warmupNanos;
   }

   /** When the measured window closes. */
   long to() {
      return from() + windowNanos;
   }

   boolean inside(long nanos) {
      return nanos >= from() && nanos <= to();
   }

   long windowNanos() {
      return windowNanos;
   }
}
