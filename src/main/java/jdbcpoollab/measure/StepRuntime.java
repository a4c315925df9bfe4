package jdbcpoollab.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the load generator ran a step's users on, and its JVM at its largest in the window.
 *
 * @param userThreads what the users ran on when not platform threads (virtual ones, and how many were pinned), else
 *                    null
 * @param jvm         the load generator's JVM at its largest in the window (heap, live platform threads), null when
 *                    the step was not sampled
 */
public record StepRuntime(@JsonInclude(JsonInclude.Include.NON_NULL) ThreadsSeen userThreads,
                          @JsonInclude(JsonInclude.Include.NON_NULL) JvmPeaks jvm) {
   /** Users on platform threads, the JVM not sampled. */
   public static final StepRuntime NONE = new StepRuntime(null, null);
}
