package jdbcpoollab.db;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What crossed a proxy since it opened or was last {@link #reset}: connections accepted, connections it cut, the
 * quickest handshake.
 */
public final class ProxyCounts {
   private final AtomicLong accepted = new AtomicLong();
   private final AtomicLong cut = new AtomicLong();
   private final AtomicLong quickestHandshake = new AtomicLong(Long.MAX_VALUE);

   /** Counts from zero again, for the next pool behind the proxy. */
   public void reset() {
      accepted.set(0);
      cut.set(0);
      quickestHandshake.set(Long.MAX_VALUE);
   }

   void accepted() {
      accepted.incrementAndGet();
   }

   void cut() {
      cut.incrementAndGet();
   }

   void greeted(long nanosSinceAccept) {
      quickestHandshake.accumulateAndGet(nanosSinceAccept, Math::min);
   }

   /** Client connections accepted: the physical connections the pools behind the proxy opened. */
   public long acceptedCount() {
      return accepted.get();
   }

   /** Connections the proxy cut at their age. */
   public long cutCount() {
      return cut.get();
   }

   /**
    * The quickest handshake, in ms: from a connection's accept to the server's first bytes reaching its client; NaN
    * before any.
    */
   public double quickestHandshakeMs() {
      long nanos = quickestHandshake.get();
      return nanos == Long.MAX_VALUE ? Double.NaN : nanos / 1e6;
   }
}
