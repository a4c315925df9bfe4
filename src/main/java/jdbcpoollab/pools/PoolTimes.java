package jdbcpoollab.pools;

/**
 * How long a pool keeps its connections, each mapped by a library onto its own settings where it has one; 0 leaves
 * the library's default.
 *
 * @param idleTimeoutMs  a connection above the pool's minimum idle this long is closed
 * @param maxLifetimeMs  a connection this old is retired
 * @param keepaliveMs    an idle connection is tested this often, so a dead one is found before it is lent
 */
public record PoolTimes(long idleTimeoutMs, long maxLifetimeMs, long keepaliveMs) {
   /** Every library's own defaults. */
   public static final PoolTimes DEFAULTS = new PoolTimes(0, 0, 0);

   public PoolTimes {
      if (idleTimeoutMs < 0 || maxLifetimeMs < 0 || keepaliveMs < 0) {
         throw new IllegalArgumentException("pool times must be 0 or more");
      }
   }

   /** Whole seconds, rounded up, for a library that counts in seconds; 0 stays 0. */
   static int seconds(long ms) {
      return (int) Math.min(Integer.MAX_VALUE, (ms + 999) / 1000);
   }

   /**
    * How often a library's background task (evictor, reaper) runs to honour the idle timeout and the keepalive: the
    * keepalive's period, or half the idle timeout when sooner, at least 100 ms; 0 when neither is set.
    */
   long backgroundEveryMs() {
      long every = Long.MAX_VALUE;
      if (keepaliveMs > 0) {
         every = keepaliveMs;
      }
      if (idleTimeoutMs > 0) {
         every = Math.min(every, idleTimeoutMs / 2);
      }
      return every == Long.MAX_VALUE ? 0 : Math.max(100, every);
   }
}
