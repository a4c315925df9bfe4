package jdbcpoollab.measure;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts JFR's {@code jdk.VirtualThreadPinned} events (every one: threshold 0) in 100 ms buckets of their start, one
 * recording stream for the JVM, started by the first step on virtual threads and left running to the JVM's end.
 * Events reach the stream when JFR flushes (about once a second), so a count waits for the flush after its end.
 */
public final class PinnedThreads {
   private static final String EVENT = "jdk.VirtualThreadPinned";
   private static final long BUCKET_MILLIS = 100;
   private static final long FLUSH_WAIT_MILLIS = 3_000;
   private static PinnedThreads running;

   private final Map<Long, LongAdder> buckets = new ConcurrentHashMap<>();
   private volatile long flushedAt;

   private PinnedThreads() {
   }

   /** The JVM's counter, started on the first call. */
   public static synchronized PinnedThreads start() {
      if (running == null) {
         PinnedThreads pinned = new PinnedThreads();
         RecordingStream stream = new RecordingStream();
         stream.enable(EVENT).withThreshold(Duration.ZERO);
         stream.onEvent(EVENT, pinned::count);
         stream.onFlush(() -> pinned.flushedAt = System.currentTimeMillis());
         stream.startAsync();
         running = pinned;
      }
      return running;
   }

   private void count(RecordedEvent event) {
      buckets.computeIfAbsent(event.getStartTime().toEpochMilli() / BUCKET_MILLIS, b -> new LongAdder()).increment();
   }

   /**
    * Pinned events that started from {@code fromMillis} to {@code toMillis} (wall clock), after waiting (at most 3 s)
    * for JFR to flush past {@code toMillis}; {@code waitForFlush} false counts what has arrived so far.
    */
   public long between(long fromMillis, long toMillis, boolean waitForFlush) {
      long deadline = System.currentTimeMillis() + FLUSH_WAIT_MILLIS;
      while (waitForFlush && flushedAt <= toMillis && System.currentTimeMillis() < deadline) {
         try {
            Thread.sleep(50);
         } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
         }
      }
      long from = fromMillis / BUCKET_MILLIS;
      long to = toMillis / BUCKET_MILLIS;
      return buckets.entrySet().stream().filter(b -> b.getKey() >= from && b.getKey() <= to)
            .mapToLong(b -> b.getValue().sum()).sum();
   }
}
