package jdbcpoollab.report;

import jdbcpoollab.measure.BurstResult;

import java.util.Locale;

/** The one-line answer of a Burst per source: how soon it served the burst, and how many connections it opened. */
public final class BurstText {
   private BurstText() {
   }

   /** Such as "served the burst in 1.23 s opening 12 connections (fill included), 12 open after; …". */
   public static String answer(BurstResult r, int minIdle) {
      if (r.openFailure() != null) {
         return "pool did not open: " + r.openFailure();
      }
      String served = r.burstServedMs() == null
            ? "did not serve the burst (" + r.failed() + " operations failed or were cut short)"
            : String.format(Locale.ROOT, "served the burst in %.2f s", r.burstServedMs() / 1000);
      String opened = r.connectionsOpened() < 0
            ? r.proxyAccepted() + " connections through the proxy (the server does not count them)"
            : r.connectionsOpened() + " connections by the server's count";
      return String.format(Locale.ROOT, "%s opening %s, %d of them beyond minIdle %d; %d open after; getConnection"
                  + " P99 %.0f ms, max %.0f ms; %d failed", served, opened,
            Math.max(0, opened(r) - minIdle), minIdle, r.poolSizeAfter(), r.acquire().p99(), r.longestAcquireMs(),
            r.failed());
   }

   /** Connections opened: the server's count, else the proxy's. */
   static long opened(BurstResult r) {
      return r.connectionsOpened() < 0 ? r.proxyAccepted() : r.connectionsOpened();
   }
}
