package jdbcpoollab.measure;

import java.util.Map;

/**
 * How a step's operations came out: shared among its users, failed by message, and whether the window ran whole.
 *
 * @param perUser  successful operations per user inside the window
 * @param errors   normalised failure message to count
 * @param complete false when the step was cut short (database lost, run interrupted)
 */
public record StepOutcome(UserSpread perUser, Map<String, Long> errors, boolean complete) {

   /** Parts an older summary did not record read back as none. */
   public StepOutcome {
      perUser = perUser == null ? UserSpread.of(new long[0]) : perUser;
      errors = errors == null ? Map.of() : errors;
   }
}
