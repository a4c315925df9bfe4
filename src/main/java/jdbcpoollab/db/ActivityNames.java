package jdbcpoollab.db;

/**
 * What a {@link ServerActivity} sample measures, as the report names it. The names live here, apart from the
 * sampler: each dialect names what its query counts, and reaching the sampler for that would close a loop, since
 * the sampler reads through a {@link Database}, which picks the dialects.
 */
public final class ActivityNames {
   /** The embedded server's process CPU. */
   public static final String CPU_CORES = "server CPU (cores)";
   /** MySQL's and MariaDB's running threads. */
   public static final String THREADS_RUNNING = "Threads_running";
   /** PostgreSQL's backends running a statement. */
   public static final String ACTIVE_BACKENDS = "active backends";
   /** Nothing the lab can read. */
   public static final String UNKNOWN = "unknown";

   private ActivityNames() {
   }
}
