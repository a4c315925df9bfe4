package jdbcpoollab.report;

import jdbcpoollab.analysis.Answer;
import jdbcpoollab.analysis.NumberText;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.files.Json;
import jdbcpoollab.measure.ClientCpu;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** PoolSweep's summaries: one entry per step, one table per workload. */
public final class SweepSummary implements Summary {
   private final List<StepResult> steps = new ArrayList<>();
   private final Sizing.Context context;
   /** PoolSweep's answers as data and lines; null for a summary without them (Fidelity's, a merged run's). */
   private final Answers answers;

   /** @param context what the recommendations size the steps against */
   public SweepSummary(Sizing.Context context) {
      this(context, null);
   }

   /** A summary with each workload's answer ({@code answers} in summary.json, lines under each recommendation). */
   public SweepSummary(Sizing.Context context, Answers answers) {
      this.context = context;
      this.answers = answers;
   }

   /** Adds a finished step; returns its progress line, which names it as given. */
   public synchronized String add(String name, StepResult r) {
      steps.add(r);
      StepCounts c = r.counts();
      return String.format(Locale.ROOT, "%s: %s %.1f ops/s, ok=%d ko=%d%s, acquire p99 %.3f ms, total p99 %.3f ms%s%s",
            name, r.outcome().complete() ? "done," : "INCOMPLETE,", c.throughput(), c.ok(), c.ko(),
            c.koOutside() > 0 ? " (and " + c.koOutside() + " ko outside the window)" : "", r.times().acquire().p99(),
            r.times().total().p99(),
            StepChecksText.console(r) + StepChecksText.jitConsole(r) + StepChecksText.gcConsole(r),
            clientCpu(r.resources().clientCpu())) + DisturbedText.console(r);
   }

   /** The client's CPU as the console line of a step ends, flagged when the step measured the load generator. */
   static String clientCpu(ClientCpu cpu) {
      if (!Double.isFinite(cpu.share())) {
         return "";
      }
      return String.format(Locale.ROOT, ", client CPU %.0f%% (%s µs/op)%s", 100 * cpu.share(),
            NumberText.fixedOrNa(cpu.microsPerOp(), 0), cpu.clientBound() ? "; " + ClientCpu.BOUND : "");
   }

   /** The sweep's part of summary.json: its steps, then each workload's answer. */
   record Written(List<Map<String, Object>> steps, List<Map<String, Object>> answers) {
   }

   @Override
   public synchronized Map<String, Object> json() {
      return Json.toMap(new Written(steps.stream().map(StepResult::toMap).toList(), answers == null
            ? sizings().stream().map(s -> Json.toMap(Answer.of(s))).toList() : answers.json(sizings(), this::ran)));
   }

   @Override
   public synchronized Table csv() {
      return SweepTables.flat(steps);
   }

   @Override
   public synchronized String tables(boolean markdown) {
      StringBuilder md = new StringBuilder("Times in ms. Throughput is successful operations per second of the measured"
            + " window. Acquire counts every operation in the window, query and total the successful ones; 'with open'"
            + " also counts each wait still open at the close at its age, a lower bound (≥). Open at close: operations"
            + " in progress when the window closed (the oldest's age). " + StepChecksText.LITTLE + " Client CPU is"
            + " this JVM's CPU during the window / (cores x window), with its µs per operation.\n\n");
      series(steps).forEach(series -> {
         List<StepResult> of = steps.stream().filter(r -> series.equals(name(r))).toList();
         Table table = SweepTables.byPool(of);
         md.append("## ").append(series).append("\n\n").append(markdown ? table.markdown() : table.text()).append('\n');
         of.stream().filter(r -> r.resources().clientCpu().clientBound()).forEach(r -> md.append(markdown ? "- **" : "")
               .append(r.label()).append(": ").append(ClientCpu.BOUND).append(markdown ? "**" : "").append('\n'));
         of.stream().map(StepChecksText::warning).filter(Objects::nonNull)
               .forEach(w -> md.append(markdown ? "- " : "").append(w).append('\n'));
         of.stream().map(DisturbedText::step).filter(Objects::nonNull)
               .forEach(w -> md.append(markdown ? "- " : "").append(w).append('\n'));
         if (of.stream().anyMatch(r -> r.resources().clientCpu().clientBound() || StepChecksText.warning(r) != null
               || r.resources().machine().disturbed())) {
            md.append('\n');
         }
      });
      if (steps.stream().anyMatch(r -> !r.source().isEmpty())) {
         Table sources = SweepTables.bySource(steps);
         md.append(markdown ? "## Sources side by side\n\n" : "Sources side by side:\n")
               .append(markdown ? sources.markdown() : sources.text()).append('\n');
      }
      recommendations(md, markdown);
      return md.toString();
   }

   /** What a quick look skipped, and how busy other work kept the machine; none for a summary without answers. */
   @Override
   public synchronized List<String> lead() {
      return answers == null ? List.of() : FirstLines.of(answers.provisional(),
            steps.stream().map(StepResult::written).toList(), sizings(), answers.autoPools());
   }

   /** The recommended pool per workload: a table and the reasoning in summary.md, one line each on the console. */
   private void recommendations(StringBuilder md, boolean withReasoning) {
      List<Sizing> sizings = sizings();
      if (sizings.isEmpty()) {
         return;
      }
      md.append(withReasoning ? "## Recommended pool size\n\n" : "Recommended pool size:\n");
      if (!withReasoning) {
         sizings.forEach(s -> {
            md.append("  ").append(SizingText.headline(s)).append('\n');
            answerLines(s).forEach(line -> md.append("    ").append(line).append('\n'));
         });
         md.append('\n');
         return;
      }
      md.append(SweepTables.recommendations(sizings).markdown()).append('\n');
      for (Sizing s : sizings) {
         md.append("### ").append(s.workload()).append("\n\n**").append(SizingText.headline(s)).append("**\n\n");
         answerLines(s).forEach(line -> md.append("- **").append(line).append("**\n"));
         SizingText.reasoning(s).forEach(line -> md.append("- ").append(line).append('\n'));
         md.append('\n');
      }
   }

   /**
    * Each workload's sizing over the steps as summary.json holds them, so that summary.md and the page (read from it)
    * agree to the digit; in the order the workloads first ran.
    */
   private List<Sizing> sizings() {
      List<StepResult> written = steps.stream().map(StepResult::written).toList();
      return series(written).stream()
            .map(w -> Sizing.of(w, written.stream().filter(r -> name(r).equals(w)).toList(), context)).toList();
   }

   private List<String> answerLines(Sizing s) {
      return answers == null ? List.of() : answers.lines(s, ran(s));
   }

   /** A sizing's steps as summary.json holds them, in the order they ran. */
   private List<StepResult> ran(Sizing s) {
      return steps.stream().map(StepResult::written).filter(r -> name(r).equals(s.workload())).toList();
   }

   /** What a step's table and recommendation are named by: its workload, and its source when the sweep had several. */
   static String name(StepResult r) {
      return Answers.series(r);
   }

   private static List<String> series(List<StepResult> steps) {
      return steps.stream().map(SweepSummary::name).distinct().toList();
   }

   /** The sweep's page (charts, recommendation), compared with the given run or the previous sweep. */
   @Override
   public Optional<Path> page(Path runFolder, Path compareWith) {
      SweepRun run = SweepRun.read(runFolder);
      SweepRun against = compareWith != null ? SweepRun.read(compareWith) : run.previous().orElse(null);
      return Optional.of(SweepPage.write(run, against));
   }

   @Override
   public synchronized Map<String, Long> failures() {
      Map<String, Long> errors = new LinkedHashMap<>();
      steps.forEach(r -> r.outcome().errors().forEach((m, n) -> errors.merge(r.label() + ": " + m, n, Long::sum)));
      return errors;
   }

   @Override
   public synchronized boolean complete() {
      return steps.stream().allMatch(s -> s.outcome().complete());
   }
}
