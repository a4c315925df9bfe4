package jdbcpoollab.reference;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * What the reference measured inside its window, its threads' histograms merged.
 *
 * @param threads         plain threads that ran the loop
 * @param seconds         the measured window
 * @param complete        false when the run was stopped before its window closed
 * @param ok              operations that succeeded and ended inside the window
 * @param ko              operations that failed and ended inside the window
 * @param koOutside       failures during the warm-up or after the window
 * @param acquire         getConnection wait of every operation in the window, failed ones included
 * @param query           the statements' time (bind, execute, read every row) of the successful ones
 * @param total           acquire, statements and close of the successful ones
 * @param gaps            each thread's time from the end of one operation to the start of its next
 * @param okPerThread     successful operations of each thread
 * @param kinds           each kind of a mix and each statement of a request, by the lab's names for them
 * @param errors          failure message to count
 * @param threadCpuNanos  the loop threads' own CPU time in the window (ThreadMXBean)
 * @param processCpuNanos this JVM's CPU time in the window: the threads, the pool, the driver, the JVM itself
 */
public record ReferenceResult(int threads, double seconds, boolean complete, long ok, long ko, long koOutside,
                              Histogram acquire, Histogram query, Histogram total, Histogram gaps, long[] okPerThread,
                              Map<String, Kind> kinds, Map<String, Long> errors, long threadCpuNanos,
                              long processCpuNanos) {

   /** One kind of operation, or one statement of a request, inside the window. */
   public record Kind(long ok, long ko, Histogram acquire, Histogram query, Histogram total) {
   }

   /** Operations completed in the window per second of it. */
   public double throughput() {
      return seconds > 0 ? ok / seconds : 0;
   }

   /** The loop threads' CPU µs per successful operation; NaN without any. */
   public double threadCpuMicrosPerOp() {
      return perOp(threadCpuNanos);
   }

   /** This JVM's CPU µs per successful operation, as the lab measures its own steps; NaN without any. */
   public double processCpuMicrosPerOp() {
      return perOp(processCpuNanos);
   }

   private double perOp(long cpuNanos) {
      return ok > 0 && cpuNanos >= 0 ? cpuNanos / 1e3 / ok : Double.NaN;
   }
}
