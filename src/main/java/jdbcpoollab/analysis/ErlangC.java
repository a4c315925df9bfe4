package jdbcpoollab.analysis;

/**
 * The M/M/c queue (Erlang C): requests arrive at random (Poisson, {@code rate} per second) and are served by
 * {@code servers} identical servers, each taking an exponentially distributed time of mean {@code serviceSeconds};
 * a request that finds every server busy waits in one first-come-first-served queue. For a pool, the servers are its
 * connections and the wait is the wait for a connection.
 * <p>
 * With offered load {@code a = rate x service} (in erlangs) and utilisation {@code rho = a / c}, the queue is stable
 * only when {@code a < c}; then the probability that a request waits is Erlang's C formula, the mean wait is
 * {@code C / (c mu - lambda)}, and waits are distributed as {@code P(W > t) = C e^-(c mu - lambda) t}.
 *
 * @param servers        c, at least 1
 * @param rate           lambda, arrivals per second
 * @param serviceSeconds S = 1 / mu, the mean time a request holds a server
 */
public record ErlangC(int servers, double rate, double serviceSeconds) {

   public ErlangC {
      if (servers < 1 || !(rate >= 0) || !(serviceSeconds > 0) || Double.isInfinite(rate)
            || Double.isInfinite(serviceSeconds)) {
         throw new IllegalArgumentException("M/M/c needs c >= 1, a finite rate >= 0 and a finite service time > 0: c="
               + servers + ", rate=" + rate + ", service=" + serviceSeconds);
      }
   }

   /** a = lambda S, the mean number of busy servers the arrivals ask for, in erlangs. */
   public double offeredLoad() {
      return rate * serviceSeconds;
   }

   /** rho = a / c. */
   public double utilisation() {
      return offeredLoad() / servers;
   }

   /** False when the arrivals ask for at least every server all the time: the queue then grows without end. */
   public boolean stable() {
      return offeredLoad() < servers;
   }

   /**
    * Erlang's C: the probability that an arrival finds every server busy and waits; 1 when unstable. Computed from
    * Erlang's B by its recursion {@code B(k) = a B(k-1) / (k + a B(k-1))}, which neither overflows nor loses
    * precision for large c, and {@code C = B / (1 - rho (1 - B))}.
    */
   public double probabilityOfWaiting() {
      if (!stable()) {
         return 1;
      }
      double a = offeredLoad();
      double b = 1;
      for (int k = 1; k <= servers; k++) {
         b = a * b / (k + a * b);
      }
      return b / (1 - utilisation() * (1 - b));
   }

   /** c mu - lambda, per second: how fast the queue drains; the rate of the waits' exponential tail. */
   private double drain() {
      return servers / serviceSeconds - rate;
   }

   /** The mean wait of all arrivals (those that do not wait count as 0), in ms; infinite when unstable. */
   public double meanWaitMs() {
      return stable() ? 1000 * probabilityOfWaiting() / drain() : Double.POSITIVE_INFINITY;
   }

   /**
    * The wait that a fraction {@code p} of arrivals do not exceed, in ms: 0 when fewer than {@code 1 - p} wait at
    * all, else {@code ln(C / (1 - p)) / (c mu - lambda)}; infinite when unstable.
    *
    * @param p such as 0.99
    */
   public double waitPercentileMs(double p) {
      if (!(p > 0 && p < 1)) {
         throw new IllegalArgumentException("a percentile between 0 and 1 exclusive: " + p);
      }
      if (!stable()) {
         return Double.POSITIVE_INFINITY;
      }
      double c = probabilityOfWaiting();
      return c <= 1 - p ? 0 : 1000 * Math.log(c / (1 - p)) / drain();
   }

   /** P99 wait in ms. */
   public double p99WaitMs() {
      return waitPercentileMs(0.99);
   }

   /** The probability that an arrival waits longer than {@code ms}: {@code C e^-(c mu - lambda) t}. */
   public double probabilityOfWaitingLongerThan(double ms) {
      return stable() ? probabilityOfWaiting() * Math.exp(-drain() * ms / 1000) : 1;
   }
}
