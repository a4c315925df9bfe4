package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Options;

/**
 * What the requests of an open load (Replay's, RateSweep's) are held to: the P99 the pool must keep, in ms, and how
 * many requests may wait for a request thread.
 */
record RequestLimits(double sloP99Ms, int queueLimit) {
   static RequestLimits from(Options o) {
      double slo = o.read(Declared.SLO_P99_MS);
      return new RequestLimits(slo, o.read(Declared.QUEUE_LIMIT));
   }
}
