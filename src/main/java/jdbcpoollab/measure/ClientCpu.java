package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CPU this JVM (the load generator: harness, pool and driver) used during a step's measured window.
 *
 * @param share       CPU time / (cores x window): the share of the whole machine, 1 = every core busy all along
 * @param microsPerOp CPU µs per operation completed in the window
 */
public record ClientCpu(double share, double microsPerOp) {
   /** Not measured, as for a step read back from a summary written before the lab measured it. */
   public static final ClientCpu UNKNOWN = new ClientCpu(Double.NaN, Double.NaN);
   /** Above this share of the machine a step measures the load generator rather than the pool. */
   public static final double BOUND_SHARE = 0.80;
   public static final String BOUND = "client-bound: this step measures the load generator, not the pool";

   /** From {@code cpuNanos} spent in {@code windowNanos} on {@code cores} by {@code operations} operations. */
   public static ClientCpu of(long cpuNanos, long windowNanos, int cores, long operations) {
      if (cpuNanos < 0 || windowNanos <= 0) {
         return UNKNOWN;
      }
      return new ClientCpu(cpuNanos / ((double) cores * windowNanos),
            operations > 0 ? cpuNanos / 1e3 / operations : Double.NaN);
   }

   public boolean clientBound() {
      return share > BOUND_SHARE;
   }

   @JsonValue
   public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("share", Rounded.orNull(share, 4));
      m.put("microsPerOp", Rounded.orNull(microsPerOp, 1));
      m.put("clientBound", clientBound());
      return m;
   }

   @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
   public static ClientCpu fromMap(Map<String, Object> m) {
      if (m == null) {
         return UNKNOWN;
      }
      return new ClientCpu(number(m.get("share")), number(m.get("microsPerOp")));
   }

   private static double number(Object value) {
      return value instanceof Number n ? n.doubleValue() : Double.NaN;
   }
}
