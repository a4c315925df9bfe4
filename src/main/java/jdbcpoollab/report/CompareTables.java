package jdbcpoollab.report;

import jdbcpoollab.analysis.Welch;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.RunResult;
import jdbcpoollab.measure.Sample;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import static jdbcpoollab.analysis.NumberText.fixed;
import static jdbcpoollab.analysis.NumberText.fixedOrNa;
import static jdbcpoollab.analysis.NumberText.percentOrNa;

/** CpoolCompare's results as tables; the first in the shape of the reference experiment (runs × options). */
public final class CompareTables {

   private CompareTables() {
   }

   /** Runs as rows, options as columns, then each option's average and its saving against the baseline. */
   public static Table byRun(Map<String, List<RunResult>> counted, String baseline) {
      List<String> headers = new ArrayList<>(List.of("run"));
      headers.addAll(counted.keySet());
      Table table = new Table(headers);
      int rows = counted.values().stream().mapToInt(List::size).max().orElse(0);
      for (int i = 0; i < rows; i++) {
         List<String> row = new ArrayList<>(List.of(Integer.toString(i + 1)));
         for (List<RunResult> runs : counted.values()) {
            row.add(i < runs.size() ? fixedOrNa(runs.get(i).seconds(), 3) : "");
         }
         table.add(row);
      }
      List<String> avg = new ArrayList<>(List.of("avg"));
      List<String> saving = new ArrayList<>(List.of("saving"));
      double[] base = seconds(counted.get(baseline));
      counted.forEach((option, runs) -> {
         Sample s = Sample.of(seconds(runs));
         avg.add(runs.isEmpty() ? "" : fixedOrNa(s.mean(), 3));
         saving.add(option.equals(baseline) ? "baseline"
               : runs.isEmpty() || base.length == 0 ? "" : percentOrNa(Welch.compare(base, seconds(runs)).savingPct(), 2));
      });
      return table.add(avg).add(saving);
   }

   /** Per option: the spread of its run times and, against the baseline, the saving, its 95% CI and p-value. */
   public static Table statistics(Map<String, List<RunResult>> counted, String baseline) {
      Table table = new Table(List.of("option", "runs", "mean s", "median s", "stddev s", "min s", "max s", "saving",
            "95% CI of saving s", "95% CI of saving", "t", "df", "p", "verdict"));
      double[] base = seconds(counted.get(baseline));
      counted.forEach((option, runs) -> {
         Sample s = Sample.of(seconds(runs));
         List<String> row = new ArrayList<>(List.of(option, Integer.toString(s.n()), fixedOrNa(s.mean(), 3), fixedOrNa(s.median(), 3),
               fixedOrNa(s.stddev(), 3), fixedOrNa(s.min(), 3), fixedOrNa(s.max(), 3)));
         if (option.equals(baseline) || runs.isEmpty() || base.length == 0) {
            row.addAll(List.of(option.equals(baseline) ? "baseline" : "", "", "", "", "", "", ""));
         } else {
            Welch w = Welch.compare(base, seconds(runs));
            row.addAll(List.of(percentOrNa(w.savingPct(), 2),
                  "[" + fixedOrNa(w.ciLow(), 3) + ", " + fixedOrNa(w.ciHigh(), 3) + "]",
                  "[" + percentOrNa(w.savingLowPct(), 2) + ", " + percentOrNa(w.savingHighPct(), 2) + "]",
                  fixedOrNa(w.t(), 2), fixedOrNa(w.df(), 1), p(w.p()), w.verdict()));
         }
         table.add(row);
      });
      return table;
   }

   /** Per option: what the server saw of it. */
   public static Table connections(Map<String, List<RunResult>> counted) {
      Table table = new Table(List.of("option", "connections/run", "per operation", "other counters/run",
            "source open s"));
      counted.forEach((option, runs) -> {
         Server s = server(runs);
         String others = s.counters().entrySet().stream().skip(1)
               .map(e -> e.getKey() + " " + fixed(e.getValue(), 1))
               .collect(Collectors.joining(", "));
         table.add(List.of(option, number(s.connectionsPerRun(), 1), number(s.connectionsPerOperation(), 3),
               others.isEmpty() ? "n/a" : others, number(s.openSeconds(), 3)));
      });
      return table;
   }

   /** Per option: the acquire, query and total times of every operation of its counted runs. */
   public static Table operations(Map<String, List<RunResult>> counted) {
      Table table = new Table(List.of("option", "ok", "ko", "acquire avg", "acquire p50", "acquire p99", "query avg",
            "query p99", "total avg", "total p99"));
      counted.forEach((option, runs) -> {
         Latencies l = latencies(runs);
         Timing acquire = Timing.of(l.acquire());
         Timing query = Timing.of(l.query());
         Timing total = Timing.of(l.total());
         table.add(List.of(option, Long.toString(runs.stream().mapToLong(RunResult::ok).sum()),
               Long.toString(runs.stream().mapToLong(RunResult::ko).sum()), fixedOrNa(acquire.avg(), 3), fixedOrNa(acquire.p50(), 3),
               fixedOrNa(acquire.p99(), 3), fixedOrNa(query.avg(), 3), fixedOrNa(query.p99(), 3), fixedOrNa(total.avg(), 3), fixedOrNa(total.p99(), 3)));
      });
      return table;
   }

   /** Every run, warm-ups included, one row each, for CSV. */
   public static Table flat(List<RunResult> runs) {
      List<String> headers = new ArrayList<>(List.of("option", "run", "warmup", "users", "ops", "seconds",
            "open_seconds", "ok", "ko", "connections", "server_counters"));
      for (String timing : List.of("acquire", "query", "total")) {
         for (String stat : List.of("avg", "p50", "p90", "p99", "max")) {
            headers.add(timing + "_" + stat + "_ms");
         }
      }
      headers.add("complete");
      Table table = new Table(headers);
      for (RunResult r : runs) {
         List<String> row = new ArrayList<>(List.of(r.option(), Integer.toString(r.run()),
               Boolean.toString(r.warmup()), Integer.toString(r.users()), Integer.toString(r.ops()),
               fixed(r.seconds(), 6), fixed(r.openSeconds(), 6),
               Long.toString(r.ok()), Long.toString(r.ko()), count(r.connections()),
               r.server().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                     .collect(Collectors.joining(" "))));
         Latencies l = r.latencies();
         for (Timing t : List.of(Timing.of(l.acquire()), Timing.of(l.query()), Timing.of(l.total()))) {
            row.addAll(List.of(fixedOrNa(t.avg(), 3), fixedOrNa(t.p50(), 3), fixedOrNa(t.p90(), 3), fixedOrNa(t.p99(), 3), fixedOrNa(t.max(), 3)));
         }
         row.add(Boolean.toString(r.complete()));
         table.add(row);
      }
      return table;
   }

   /**
    * The server's counters per run, each averaged over the runs; null or absent where the server gave none.
    *
    * @param connectionsPerOperation physical connections per operation of the users, null when not counted
    * @param openSeconds             the time the source took to open, null without runs
    */
   record Server(Double connectionsPerRun, Double connectionsPerOperation, Map<String, Double> counters,
                 Double openSeconds) {
   }

   static Server server(List<RunResult> runs) {
      Double connections = mean(runs.stream().map(RunResult::connections).toList());
      double ops = runs.stream().mapToDouble(r -> (double) r.users() * r.ops()).average().orElse(0);
      Map<String, Double> counters = new LinkedHashMap<>();
      if (!runs.isEmpty()) {
         runs.get(0).server().keySet().forEach(name -> {
            Double mean = mean(runs.stream().map(r -> r.server().get(name)).toList());
            if (mean != null) {
               counters.put(name, mean);
            }
         });
      }
      return new Server(connections, connections == null || ops == 0 ? null : connections / ops, counters,
            runs.isEmpty() ? null : runs.stream().mapToDouble(RunResult::openSeconds).average().orElse(0));
   }

   static Latencies latencies(List<RunResult> runs) {
      return runs.stream().map(RunResult::latencies).reduce(Latencies.empty(), Latencies::plus);
   }

   static double[] seconds(List<RunResult> runs) {
      return runs == null ? new double[0] : runs.stream().mapToDouble(RunResult::seconds).toArray();
   }

   static String count(Long value) {
      return value == null ? "n/a" : Long.toString(value);
   }

   private static Double mean(List<Long> values) {
      return values.isEmpty() || values.stream().anyMatch(Objects::isNull) ? null
            : values.stream().mapToLong(Long::longValue).average().orElse(0);
   }

   private static String number(Object value, int digits) {
      return value == null ? "n/a" : fixed(((Number) value).doubleValue(), digits);
   }

   private static String p(double p) {
      return Double.isNaN(p) ? "n/a" : p < 0.001 ? "<0.001" : fixed(p, 3);
   }
}
