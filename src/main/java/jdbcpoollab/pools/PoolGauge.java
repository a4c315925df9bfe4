package jdbcpoollab.pools;

/**
 * What an open pool holds at this moment: connections lent out, connections idle, and threads waiting for one. A
 * pool library that can tell implements {@link ConnectionSource#gauge()}; the others answer {@link #NONE}.
 */
public interface PoolGauge {
   /** The answer of a source that cannot tell. */
   PoolGauge NONE = () -> null;

   /** Now, or null when the pool cannot tell. */
   Reading read();

   /** One reading; a part the library does not know is -1. */
   record Reading(int active, int idle, int waiting) {
   }
}
