package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jdbcpoollab.files.Decimals;

/**
 * The CPU this JVM (the load generator: harness, pool and driver) used during a step's measured window.
 *
 * @param share       CPU time / (cores x window): the share of the whole machine, 1 = every core busy all along
 * @param microsPerOp CPU µs per operation completed in the window
 */
public record ClientCpu(@Decimals(4) @JsonDeserialize(using = Rounded.NanWhenNull.class) double share,
                        @Decimals(1) @JsonDeserialize(using = Rounded.NanWhenNull.class) double microsPerOp) {
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

   @JsonProperty(value = "clientBound", access = JsonProperty.Access.READ_ONLY)
   public boolean clientBound() {
      return share > BOUND_SHARE;
   }
}
