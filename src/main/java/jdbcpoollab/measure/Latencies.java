package jdbcpoollab.measure;

import org.HdrHistogram.Histogram;

/** Nanosecond histograms of connection acquire wait, statement time and total time of many operations. */
public record Latencies(Histogram acquire, Histogram query, Histogram total) {
   /** The significant digits of every histogram of a step. */
   static final int DIGITS = 3;

   public static Latencies empty() {
      return new Latencies(new Histogram(DIGITS), new Histogram(DIGITS), new Histogram(DIGITS));
   }

   /** A new set holding the operations of both. */
   public Latencies plus(Latencies other) {
      Latencies sum = empty();
      for (Latencies l : new Latencies[] {this, other}) {
         sum.acquire.add(l.acquire);
         sum.query.add(l.query);
         sum.total.add(l.total);
      }
      return sum;
   }
}
