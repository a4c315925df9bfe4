package jdbcpoollab.pools;

/**
 * The size and limits of one pool.
 *
 * @param poolName         unique in the JVM while the pool is open
 * @param min              connections opened before the load and kept
 * @param max              most connections the pool opens
 * @param acquireTimeoutMs how long getConnection() waits for a free connection before failing
 * @param readOnly         the library's own read-only flag where it has one (HikariCP's), a second line only: a
 *                         read-only workload's guarantee is its database's read-only sessions
 *                         ({@code Database.readOnly})
 * @param times            idle timeout, lifetime and keepalive; {@link PoolTimes#DEFAULTS} keeps the library's own
 * @param profile          whether the library's own recommendations are set beyond this shape
 */
public record PoolShape(String poolName, int min, int max, long acquireTimeoutMs, boolean readOnly, PoolTimes times,
                        Profile profile) {

   /** A pool of the library as it comes. */
   public PoolShape(String poolName, int min, int max, long acquireTimeoutMs, boolean readOnly, PoolTimes times) {
      this(poolName, min, max, acquireTimeoutMs, readOnly, times, Profile.DEFAULTS);
   }

   /** A pool with the library's own idle timeout, lifetime and keepalive. */
   public PoolShape(String poolName, int min, int max, long acquireTimeoutMs, boolean readOnly) {
      this(poolName, min, max, acquireTimeoutMs, readOnly, PoolTimes.DEFAULTS);
   }

   /** A pool whose connections may write. */
   public PoolShape(String poolName, int min, int max, long acquireTimeoutMs) {
      this(poolName, min, max, acquireTimeoutMs, false);
   }

   /** This shape with {@code times}. */
   public PoolShape with(PoolTimes newTimes) {
      return new PoolShape(poolName, min, max, acquireTimeoutMs, readOnly, newTimes, profile);
   }

   /** This shape in {@code newProfile}. */
   public PoolShape in(Profile newProfile) {
      return new PoolShape(poolName, min, max, acquireTimeoutMs, readOnly, times, newProfile);
   }
}
