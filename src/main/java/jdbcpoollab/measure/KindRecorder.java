package jdbcpoollab.measure;

import org.HdrHistogram.Recorder;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import static jdbcpoollab.measure.Latencies.DIGITS;

/**
 * Counts and times, inside a step's window, the operations of each kind of a mixed step and the statements of each
 * operation of several, one row per name. Thread-safe.
 */
final class KindRecorder {
   private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
   private Map<String, Latencies> taken;

   /** The operations (or statements) of one name. */
   private static final class Kind {
      final Recorder acquire = new Recorder(DIGITS);
      final Recorder query = new Recorder(DIGITS);
      final Recorder total = new Recorder(DIGITS);
      final LongAdder ok = new LongAdder();
      final LongAdder ko = new LongAdder();
   }

   /** An operation of kind {@code kind} that ended inside the window; {@code error} is null for success. */
   void record(String kind, long acquireNanos, long queryNanos, long totalNanos, String error) {
      Kind k = kinds.computeIfAbsent(kind, name -> new Kind());
      k.acquire.recordValue(Math.max(0, acquireNanos));
      ended(k, queryNanos, totalNanos, error);
   }

   /** A statement of an operation that ended inside the window: no acquire wait of its own. */
   void recordStatement(String kind, long nanos, String error) {
      ended(kinds.computeIfAbsent(kind, name -> new Kind()), nanos, nanos, error);
   }

   /** Each row, by name, from {@link #histograms()}. Call at the end. */
   Map<String, KindResult> results() {
      Map<String, KindResult> results = new TreeMap<>();
      histograms().forEach((name, l) -> results.put(name, new KindResult(name, kinds.get(name).ok.sum(),
            kinds.get(name).ko.sum(), Timing.of(l.acquire()), Timing.of(l.query()), Timing.of(l.total()))));
      return results;
   }

   /** Each kind's histograms, by name, taken at the first call (the end of the window) and the same after. */
   synchronized Map<String, Latencies> histograms() {
      if (taken == null) {
         Map<String, Latencies> h = new TreeMap<>();
         kinds.forEach((name, k) -> h.put(name, new Latencies(k.acquire.getIntervalHistogram(),
               k.query.getIntervalHistogram(), k.total.getIntervalHistogram())));
         taken = Collections.unmodifiableMap(h);
      }
      return taken;
   }

   private static void ended(Kind k, long queryNanos, long totalNanos, String error) {
      if (error == null) {
         k.ok.increment();
         k.query.recordValue(Math.max(0, queryNanos));
         k.total.recordValue(Math.max(0, totalNanos));
      } else {
         k.ko.increment();
      }
   }
}
