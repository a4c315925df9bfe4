package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jdbcpoollab.files.Decimals;

/**
 * How much a step did inside its window: its users, the window, the operations that completed and failed, and the
 * throughput they make.
 *
 * @param users         users (or, in an open model, request threads) of the step
 * @param usersInWindow the users present in the window: those that had started an operation by its close (fewer
 *                      than {@code users} when some had not started yet); null when not counted
 * @param seconds       the measured window actually covered, in seconds
 * @param ok            operations that completed successfully inside the window
 * @param ko            operations that failed inside the window
 * @param koOutside     failures during warm-up or after the window closed, reported so none is hidden
 * @param throughput    ok / seconds
 */
public record StepCounts(int users, @JsonInclude(JsonInclude.Include.NON_NULL) Integer usersInWindow,
                         double seconds, long ok, long ko, @JsonProperty("koOutsideWindow") long koOutside,
                         @Decimals(value = 1, orNull = false) double throughput) {

   /** Counts without the users present in the window: an open model's, merged from several generators, or a test's. */
   public StepCounts(int users, double seconds, long ok, long ko, long koOutside, double throughput) {
      this(users, null, seconds, ok, ko, koOutside, throughput);
   }

   /** Operations that failed, inside the window or not. */
   public long failures() {
      return ko + koOutside;
   }
}
