package jdbcpoollab.measure;

import java.util.LinkedHashMap;
import java.util.Map;

/** One kind of operation of a mixed step, inside the step's window: counts and times as {@link StepResult} has. */
public record KindResult(String kind, long ok, long ko, Timing acquire, Timing query, Timing total) {

   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", kind);
      m.put("ok", ok);
      m.put("ko", ko);
      m.put("acquire", acquire.toMap());
      m.put("query", query.toMap());
      m.put("total", total.toMap());
      return m;
   }
}
