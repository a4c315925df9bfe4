package jdbcpoollab.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import jdbcpoollab.analysis.Sizing;
import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.MergedStep;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.redact.Redactor;
import jdbcpoollab.report.KindsTable;
import jdbcpoollab.report.MergeTable;
import jdbcpoollab.report.SweepSummary;
import jdbcpoollab.settings.PoolSweepSettings;
import jdbcpoollab.settings.RunSettings;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run folder {@code -Dmerge} builds from runs of one plan measured at the same time ({@link RunMerge}): its
 * summary.json, summary.csv, summary.md, kinds.csv, merge.csv, histograms.hlog (the merged histograms) and its page,
 * as a run of the plan with all their users would have written them. Nothing is started.
 */
public final class MergedRun {
   private MergedRun() {
   }

   /** The first run's settings as summary.json holds them, with the merged users and what was merged. */
   record Merged(@JsonIgnore Map<String, Object> values) implements RunSettings {
      @JsonAnyGetter
      Map<String, Object> entries() {
         return values;
      }
   }

   /**
    * Writes the merged run into a new folder of {@code results}; returns the folder.
    *
    * @throws IllegalStateException when the folder or a file cannot be written
    */
   public static Path write(RunMerge merge, Path results, LocalDateTime now) {
      SweepRun first = merge.runs().get(0);
      List<String> names = merge.runs().stream().map(SweepRun::name).toList();
      Map<String, Object> settings = new LinkedHashMap<>(first.settings());
      int users = merge.runs().stream().mapToInt(r -> r.sweepSettings().users()).sum();
      settings.put("users", users);
      settings.put("mergedFrom", names);
      settings.put(RunMerge.MEASURED, List.copyOf(merge.measured()));
      PoolSweepSettings plan = first.sweepSettings();
      SweepSummary summary = new SweepSummary(new Sizing.Context(users,
            plan.databaseCores() == null ? 0 : plan.databaseCores(), plan.acquireP99Ms(), first.thinkMs()));
      RunRecord record = new RunRecord(results, first.simulation(), new Merged(settings), summary, gates -> { },
            markdown -> "", Redactor::text, why -> {
               throw new IllegalStateException("the merged run cannot be written: " + why);
            });
      record.create(now);
      KindsTable kinds = new KindsTable();
      MergeTable table = new MergeTable();
      HistogramLog histograms = new HistogramLog();
      for (List<MergedStep.Part> parts : merge.steps()) {
         StepResult step = MergedStep.of(parts);
         summary.add(step.id().name(), step);
         kinds.add(step, MergedStep.kinds(parts));
         table.add(step.id().name(), parts, names);
         histograms.add(MergedStep.histograms(parts), record.dir());
      }
      if (!kinds.rows().isEmpty()) {
         record.section(KindsTable.KEY, KindsTable.TITLE, kinds.table(), kinds.rows(), KindsTable.NOTE);
      }
      record.section(MergeTable.KEY, MergeTable.TITLE, table.table(), table.rows(), MergeTable.NOTE);
      record.ended(true, 0, Optional.empty(), null);
      record.page(null);
      return record.dir();
   }
}
