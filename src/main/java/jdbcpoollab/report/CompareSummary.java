package jdbcpoollab.report;

import jdbcpoollab.analysis.Welch;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.Rounded;
import jdbcpoollab.measure.RunResult;
import jdbcpoollab.measure.Sample;
import jdbcpoollab.measure.Timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** CpoolCompare's summaries: every run, and per option its statistics against the baseline. */
public final class CompareSummary implements Summary {
   private final List<String> options;
   private final String baseline;
   private final List<RunResult> runs = new ArrayList<>();

   /** @param baseline the option the others are compared with (the unpooled one) */
   public CompareSummary(List<String> options, String baseline) {
      this.options = List.copyOf(options);
      this.baseline = baseline;
   }

   /**
    * One option's statistics as summary.json holds them (docs/cpoolcompare.md).
    *
    * @param seconds    its counted runs' seconds, in run order
    * @param vsBaseline Welch's test against the baseline option; null for the baseline itself
    */
   record Statistics(String option, List<Double> seconds, Sample sample, Welch vsBaseline,
                     CompareTables.Server server, Timing acquire, Timing query, Timing total) {
   }

   /** Adds a finished run; returns its progress line. */
   public synchronized String add(RunResult r) {
      runs.add(r);
      return String.format(Locale.ROOT, "%s %s: %s %.3f s, ok=%d ko=%d, %s physical connections%s",
            r.warmup() ? "warm-up" : "run " + r.run(), r.option(),
            r.complete() ? (r.warmup() ? "not counted," : "done,") : "INCOMPLETE,",
            r.seconds(), r.ok(), r.ko(), CompareTables.count(r.connections()),
            r.server().entrySet().stream().skip(1).map(e -> ", " + e.getKey() + " " + e.getValue())
                  .collect(Collectors.joining()));
   }

   /** The counted runs of each option, in run order. */
   public synchronized Map<String, List<RunResult>> counted() {
      Map<String, List<RunResult>> byOption = new LinkedHashMap<>();
      options.forEach(o -> byOption.put(o, new ArrayList<>()));
      runs.stream().filter(RunResult::counted).forEach(r -> byOption.get(r.option()).add(r));
      return byOption;
   }

   /**
    * CpoolCompare's part of summary.json.
    *
    * @param statistics per option, in the order of the options
    * @param runs       every run, warm-ups and incomplete ones too, in the order they ran
    */
   record Written(String baselineOption, List<Statistics> statistics, List<RunResult> runs) {
   }

   @Override
   public synchronized Map<String, Object> json() {
      List<Statistics> statistics = new ArrayList<>();
      Map<String, List<RunResult>> counted = counted();
      counted.forEach((option, list) -> {
         Latencies all = CompareTables.latencies(list);
         statistics.add(new Statistics(option, list.stream().map(r -> Rounded.to(r.seconds(), 6)).toList(),
               Sample.of(CompareTables.seconds(list)), option.equals(baseline) ? null
               : Welch.compare(CompareTables.seconds(counted.get(baseline)), CompareTables.seconds(list)),
               CompareTables.server(list), Timing.of(all.acquire()), Timing.of(all.query()), Timing.of(all.total())));
      });
      return Json.toMap(new Written(baseline, statistics, runs));
   }

   @Override
   public synchronized Table csv() {
      return CompareTables.flat(runs);
   }

   @Override
   public synchronized String tables(boolean markdown) {
      Map<String, List<RunResult>> counted = counted();
      StringBuilder sb = new StringBuilder();
      section(sb, markdown, "Batch seconds per run (warm-up runs not counted; saving = 1 - option avg / "
            + baseline + " avg)", CompareTables.byRun(counted, baseline));
      section(sb, markdown, "Statistics against " + baseline + " (Welch's t-test, 95% confidence interval of the "
            + "difference of means, in seconds saved)", CompareTables.statistics(counted, baseline));
      section(sb, markdown, "Physical connections, from the server's counters (mean per counted run, pool fill "
            + "included; high-water marks as read after each run)", CompareTables.connections(counted));
      section(sb, markdown, "Per operation, all counted runs (ms; acquire counts every operation, query and total "
            + "the successful ones)", CompareTables.operations(counted));
      return sb.toString();
   }

   private static void section(StringBuilder sb, boolean markdown, String title, Table table) {
      sb.append(markdown ? "## " : "").append(title).append(markdown ? "\n\n" : "\n")
            .append(markdown ? table.markdown() : table.text()).append('\n');
   }

   @Override
   public synchronized Map<String, Long> failures() {
      Map<String, Long> errors = new LinkedHashMap<>();
      runs.forEach(r -> r.errors().forEach((m, n) -> errors.merge(r.option() + ": " + m, n, Long::sum)));
      return errors;
   }

   @Override
   public synchronized boolean complete() {
      return runs.stream().allMatch(RunResult::complete);
   }
}
