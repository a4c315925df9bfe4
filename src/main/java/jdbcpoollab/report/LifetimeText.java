package jdbcpoollab.report;

import jdbcpoollab.measure.LifetimeResult;

import java.util.Comparator;
import java.util.Locale;
import java.util.Map;

/** The one-line answer of a Lifetime per source: operations failed per 1,000, connections replaced, and how. */
public final class LifetimeText {
   private LifetimeText() {
   }

   /** Such as "2.1 operations failed per 1,000 (3 of 1,402); 9 connections replaced; most as statement: …". */
   public static String answer(LifetimeResult r) {
      if (r.openFailure() != null) {
         return "pool did not open: " + r.openFailure();
      }
      String replaced = r.connectionsReplaced() + " connections replaced"
            + (r.connectionsOpened() < 0 ? " (the proxy's count: the server does not count them)" : "");
      String line = String.format(Locale.ROOT, "%.1f operations failed per 1,000 (%d of %d); %s", r.failedPer1000(),
            r.failed(), r.ok() + r.failed(), replaced);
      return r.failures().entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue))
            .map(e -> line + "; most as " + e.getKey() + " (" + e.getValue() + ")").orElse(line + "; none failed");
   }
}
