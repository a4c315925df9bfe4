package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import jdbcpoollab.db.ServerActivity;

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
 */
public record DatabaseActivity(String what, double avg, double max, int samples) {
   public static final String CPU_CORES = ServerActivity.CPU_CORES;
   public static final String THREADS_RUNNING = ServerActivity.THREADS_RUNNING;
   public static final String ACTIVE_BACKENDS = ServerActivity.ACTIVE_BACKENDS;
   public static final String UNKNOWN = ServerActivity.UNKNOWN;
   public static final DatabaseActivity NONE = new DatabaseActivity(UNKNOWN, Double.NaN, Double.NaN, 0);

   public boolean known() {
      return !UNKNOWN.equals(what) && samples > 0;
   }

   @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
   public static DatabaseActivity fromMap(Object raw) {
      if (!(raw instanceof Map<?, ?> m) || !(m.get("what") instanceof String what)) {
         return NONE;
      }
      return new DatabaseActivity(what, m.get("avg") instanceof Number n ? n.doubleValue() : Double.NaN,
            m.get("max") instanceof Number n ? n.doubleValue() : Double.NaN,
            m.get("samples") instanceof Number n ? n.intValue() : 0);
   }

   @JsonValue
   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("what", what);
      m.put("avg", Rounded.orNull(avg, 3));
      m.put("max", Rounded.orNull(max, 3));
      m.put("samples", samples);
      return m;
   }
}
