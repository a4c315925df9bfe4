package jdbcpoollab.measure;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.db.ActivityNames;
import jdbcpoollab.files.Decimals;

/**
 * What the database server was doing during a step's window, sampled every 100 ms.
 *
 * @param what    what was sampled: {@link #CPU_CORES} (the embedded server's process CPU), {@link #THREADS_RUNNING}
 *                (MySQL/MariaDB), {@link #ACTIVE_BACKENDS} (PostgreSQL), or {@link #UNKNOWN}
 * @param avg     mean of the samples, each weighted by the time since the previous one
 * @param max     largest sample
 * @param samples how many samples were taken inside the window
 */
public record DatabaseActivity(String what,
                               @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double avg,
                               @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double max,
                               int samples) {
   public static final String CPU_CORES = ActivityNames.CPU_CORES;
   public static final String THREADS_RUNNING = ActivityNames.THREADS_RUNNING;
   public static final String ACTIVE_BACKENDS = ActivityNames.ACTIVE_BACKENDS;
   public static final String UNKNOWN = ActivityNames.UNKNOWN;
   public static final DatabaseActivity NONE = new DatabaseActivity(UNKNOWN, Double.NaN, Double.NaN, 0);

   /** Read back without what it sampled: unknown. */
   public DatabaseActivity {
      what = what == null ? UNKNOWN : what;
   }

   public boolean known() {
      return !UNKNOWN.equals(what) && samples > 0;
   }
}
