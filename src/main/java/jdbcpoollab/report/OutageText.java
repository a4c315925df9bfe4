package jdbcpoollab.report;

import jdbcpoollab.measure.OutageResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The one-line answer of an Outage per source: did getConnection honour its timeout, and how the pool came back. */
public final class OutageText {
   /** How far past its timeout a getConnection may end and still honour it: scheduling on a loaded machine. */
   static final double SLACK_MS = 250;

   private OutageText() {
   }

   /** Whether the longest getConnection ended within the timeout and its slack. */
   public static boolean honoured(OutageResult r) {
      return r.longestAcquireMs() <= r.connectionTimeoutMs() + Math.max(SLACK_MS, r.connectionTimeoutMs() * 0.1);
   }

   /**
    * Whether a pool failed its callers fast while the database was unreachable or made them wait: the median failed
    * getConnection against the timeout; null when no getConnection failed.
    */
   public static String failureMode(OutageResult r) {
      if (r.failedAcquire() == null || r.failedAcquire().count() == 0) {
         return null;
      }
      return r.failedAcquire().p50() < r.connectionTimeoutMs() / 2.0 ? "fails fast" : "makes callers wait";
   }

   /** Such as "honours its 2 s timeout while the database is unreachable: longest getConnection 2.01 s; …". */
   public static String answer(OutageResult r) {
      if (r.openFailure() != null) {
         return "pool did not open: " + r.openFailure();
      }
      List<String> parts = new ArrayList<>();
      String timeout = seconds(r.connectionTimeoutMs());
      parts.add(honoured(r)
            ? String.format(Locale.ROOT, "honours its %s s timeout while the database is unreachable: longest"
                  + " getConnection %.2f s", timeout, r.longestAcquireMs() / 1000)
            : String.format(Locale.ROOT, "blocks %.1f s past its %s s timeout: longest getConnection %.2f s",
                  (r.longestAcquireMs() - r.connectionTimeoutMs()) / 1000, timeout, r.longestAcquireMs() / 1000));
      parts.add(r.recoverySeconds() == null ? "not back to full throughput before the load ended"
            : String.format(Locale.ROOT, "back to full throughput %.1f s after the database returned",
                  r.recoverySeconds()));
      parts.add(String.format(Locale.ROOT, "%d operations failed (%d after the return; %.1f per second unreachable)",
            r.failed(), r.failedAfterReturn(), r.failuresPerDownSecond()));
      String mode = failureMode(r);
      if (mode != null) {
         parts.add(String.format(Locale.ROOT, "%s: median failed getConnection %.0f ms", mode,
               r.failedAcquire().p50()));
      }
      if (r.leaked() > 0) {
         parts.add(r.leaked() + " connections still lent out once every user had left");
      }
      if (r.leftOpenAfterClose() > 0) {
         parts.add(r.leftOpenAfterClose() + " physical connections left open after the pool closed");
      }
      return String.join("; ", parts);
   }

   private static String seconds(int ms) {
      return ms % 1000 == 0 ? Integer.toString(ms / 1000) : String.format(Locale.ROOT, "%.2f", ms / 1000.0);
   }
}
