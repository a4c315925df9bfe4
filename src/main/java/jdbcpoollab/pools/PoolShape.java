package jdbcpoollab.pools;

/**
 * The size and limits of one pool.
 *
 * @param poolName         unique in the JVM while the pool is open
 * @param min              connections opened before the load and kept
 * @param max              most connections the pool opens
 * @param acquireTimeoutMs how long getConnection() waits for a free connection before failing
 * @param readOnly         connections are read-only (set once as each is opened): the server refuses writes
 */
public record PoolShape(String poolName, int min, int max, long acquireTimeoutMs, boolean readOnly) {

   /** A pool whose connections may write. */
   public PoolShape(String poolName, int min, int max, long acquireTimeoutMs) {
      this(poolName, min, max, acquireTimeoutMs, false);
   }
}
