package jdbcpoollab.measure;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The histograms behind one step's numbers, as {@code histograms.hlog} holds them: the step's acquire, query and
 * total times of its window, and the same for each kind of a mixed step (a request or a statement), by name in order.
 *
 * @param step   the step's name ({@link StepId#name()}), such as {@code wait pool=08}
 * @param fromMs when its measured window opened, in milliseconds since the epoch
 * @param toMs   when it closed
 */
public record StepHistograms(String step, long fromMs, long toMs, Latencies all, Map<String, Latencies> kinds) {

   public StepHistograms {
      kinds = Collections.unmodifiableMap(new TreeMap<>(kinds));
   }

   /** The wall-clock time, in ms since the epoch, of {@code nanos} on this JVM's {@link System#nanoTime()} clock. */
   static long epochMs(long nanos) {
      return System.currentTimeMillis() - (System.nanoTime() - nanos) / 1_000_000;
   }

   /** How long this window and {@code other} were open at the same time, in ms; 0 when they were not. */
   public long overlapMs(StepHistograms other) {
      return Math.max(0, Math.min(toMs, other.toMs) - Math.max(fromMs, other.fromMs));
   }
}
