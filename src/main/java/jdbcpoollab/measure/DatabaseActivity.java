package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.db.ActivityNames;
import jdbcpoollab.files.Decimals;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the database server was doing during a step's window, sampled every 100 ms.
 *
 * @param what    what was sampled: {@link #CPU_CORES} (the embedded server's process CPU), {@link #THREADS_RUNNING}
 *                (MySQL/MariaDB), {@link #ACTIVE_BACKENDS} (PostgreSQL), or {@link #UNKNOWN}
 * @param avg     mean of the samples, each weighted by the time since the previous one
 * @param max     largest sample
 * @param samples how many samples were taken inside the window
 * @param rowsWritten what the server's counters of rows written moved by over a read-only step, every client's
 *                    together (MariaDB's {@code Handler_write}, {@code _update}, {@code _delete}, MySQL's
 *                    {@code Innodb_rows_*}, PostgreSQL's {@code tup_*}); null for a
 *                    step that may write, or when they were not read
 */
public record DatabaseActivity(String what,
                               @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double avg,
                               @Decimals(3) @JsonDeserialize(using = Rounded.NanWhenNull.class) double max,
                               int samples,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Long> rowsWritten) {
   public static final String CPU_CORES = ActivityNames.CPU_CORES;
   public static final String THREADS_RUNNING = ActivityNames.THREADS_RUNNING;
   public static final String ACTIVE_BACKENDS = ActivityNames.ACTIVE_BACKENDS;
   public static final String UNKNOWN = ActivityNames.UNKNOWN;
   public static final DatabaseActivity NONE = new DatabaseActivity(UNKNOWN, Double.NaN, Double.NaN, 0);

   /** Read back without what it sampled: unknown. */
   public DatabaseActivity {
      what = what == null ? UNKNOWN : what;
   }

   /** Activity without rows written counted: a step that may write. */
   public DatabaseActivity(String what, double avg, double max, int samples) {
      this(what, avg, max, samples, null);
   }

   /** This activity with the rows the server counted written over the step; null for none read. */
   public DatabaseActivity withRowsWritten(Map<String, Long> moved) {
      return new DatabaseActivity(what, avg, max, samples, moved == null ? null
            : Collections.unmodifiableMap(new LinkedHashMap<>(moved)));
   }

   public boolean known() {
      return !UNKNOWN.equals(what) && samples > 0;
   }
}
