package jdbcpoollab.report;

import jdbcpoollab.analysis.PoolSize;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The page's parts for what the reference sweep did not test: how the recommended pool moves with the network round
 * trip, each kind of a mixed step apart, and the server's connection counters per step.
 */
final class SeedTables {
   private static final Pattern AT_RTT = Pattern.compile("^(.*) rtt=(\\d+)ms$");

   private SeedTables() {
   }

   static void write(Html html, SweepRun run, List<Sizing> sizings) {
      kneeByRoundTrip(html, sizings);
      kinds(html, run);
      ShapesTable.section(html, run.summary().get(ShapesTable.KEY));
   }

   /** One row per workload and round trip, when the run measured more than one round trip. */
   static void kneeByRoundTrip(Html html, List<Sizing> sizings) {
      Map<String, List<Sizing>> byWorkload = new LinkedHashMap<>();
      for (Sizing s : sizings) {
         Matcher m = AT_RTT.matcher(s.workload());
         if (m.matches()) {
            byWorkload.computeIfAbsent(m.group(1), w -> new ArrayList<>()).add(s);
         }
      }
      if (byWorkload.values().stream().noneMatch(l -> l.size() > 1)) {
         return;
      }
      Table table = new Table(List.of("workload", "rtt ms", "recommended pool", "its q/s", "best q/s",
            "query p50 ms at the pick"));
      byWorkload.forEach((workload, list) -> list.forEach(s -> {
         Matcher m = AT_RTT.matcher(s.workload());
         m.matches();
         PoolSize pick = s.choice().pick();
         PoolSize best = s.choice().best();
         table.add(List.of(workload, m.group(2), pick == null ? "none" : Integer.toString(pick.pool()),
               pick == null ? "" : String.format(Locale.ROOT, "%.1f", pick.throughput().mean()),
               best == null ? "" : String.format(Locale.ROOT, "%.1f", best.throughput().mean()),
               pick == null ? "" : String.format(Locale.ROOT, "%.3f", pick.steps().get(0).times().query().p50())));
      }));
      html.h2("How the knee moves with the round trip", "rtt");
      html.p("Every statement waits one network round trip more, so each connection is held longer per operation. "
            + "By Little's law a pool of P connections serves at most P / (time in the database + RTT) operations a "
            + "second: the farther the database, the more connections the same throughput needs, while the "
            + "database itself does no more work.");
      html.table(table);
   }

   /** The per-kind rows of mixed steps, when there are any. */
   static void kinds(Html html, SweepRun run) {
      Object rows = run.summary().get(KindsTable.KEY);
      if (!(rows instanceof List<?> list) || list.isEmpty()) {
         return;
      }
      Table table = new Table(List.of("step", "kind", "ok", "q/s", "acquire p99 ms", "query p50 ms", "total p99 ms"));
      for (Object o : list) {
         KindsTable.Row r = Json.as(o, KindsTable.Row.class);
         table.add(List.of(r.step(), r.kind(), Long.toString(r.ok()), String.format(Locale.ROOT, "%.1f",
               r.throughput()), acquired(r.acquire()), String.format(Locale.ROOT, "%.3f", r.query().p50()),
               String.format(Locale.ROOT, "%.3f", r.total().p99())));
      }
      html.h2("Each kind of a mixed workload", "kinds");
      html.p("On one pool a fast kind waits behind slow ones for a connection (its acquire P99); with a pool per kind "
            + "('split' steps, each pool of the step's size) it waits only for its own kind. A request of several "
            + "statements has a row for each (request / statement), timed on the connection the request holds.");
      html.table(table);
   }

   /** A kind's acquire P99; a request's statement ({@code checkout / order}) waits for none of its own. */
   private static String acquired(Timing acquire) {
      return acquire.count() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", acquire.p99());
   }
}
