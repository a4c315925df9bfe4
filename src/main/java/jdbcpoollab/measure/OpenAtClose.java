package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The operations still in progress when a step's window closed: the window did not see them end, so no completed-only
 * number counts them. Each is aged from its start to the close.
 *
 * @param count        operations open at the close
 * @param oldestMs     the age of the oldest of them, in ms
 * @param waiting      how many were still waiting for a connection
 * @param inDatabase   how many had their connection and were in the database
 * @param oldestWaitMs the age of the oldest wait for a connection still open, in ms (0 when none was waiting)
 */
public record OpenAtClose(long count, double oldestMs, long waiting, long inDatabase, double oldestWaitMs) {
   /** Nothing open, as for a step that was not a closed loop or a summary written before the lab counted them. */
   public static final OpenAtClose NONE = new OpenAtClose(0, 0, 0, 0, 0);

   @JsonValue
   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("count", count);
      m.put("oldestMs", Rounded.to(oldestMs, 3));
      m.put("oldestWaitMs", Rounded.to(oldestWaitMs, 3));
      m.put("byPhase", Map.of("acquire", waiting, "database", inDatabase));
      return m;
   }

   @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
   public static OpenAtClose fromMap(Map<String, Object> m) {
      if (m == null) {
         return NONE;
      }
      Map<String, Object> phases = m.get("byPhase") instanceof Map<?, ?> p ? cast(p) : Map.of();
      return new OpenAtClose((long) StepResult.number(m, "count"), StepResult.number(m, "oldestMs"),
            (long) StepResult.number(phases, "acquire"), (long) StepResult.number(phases, "database"),
            StepResult.number(m, "oldestWaitMs"));
   }

   @SuppressWarnings("unchecked")
   private static Map<String, Object> cast(Map<?, ?> m) {
      return (Map<String, Object>) m;
   }
}
