package jdbcpoollab.endtoend;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepHistograms;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A complete PoolSweep run of one wait step, under the name a page gives, with its histograms: the runs a page
 * merges ({@code -Dmerge}) measured the same plan at the same time ({@link MergeThroughMavenTest} merges two).
 */
final class WrittenRun {
   private WrittenRun() {
   }

   /** Writes the run into {@code folder}, unless it is there already. */
   static void write(Path folder) throws IOException {
      if (Files.exists(folder)) {
         return;
      }
      Files.createDirectories(folder);
      Timing query = new Timing(800, 6.5, 6, 7, 9, 12);
      Map<String, Object> step = new StepResult(StepId.of("wait", 1), new StepCounts(8, 5, 800, 0, 0, 160),
            new StepTimes(Timing.EMPTY, query, query),
            new StepOutcome(new UserSpread(8, 95, 100, 105, 0.99), Map.of(), true), StepResources.NONE, StepChecks.NONE,
            StepRuntime.NONE).toMap();
      Map<String, Object> summary = new LinkedHashMap<>();
      summary.put("simulation", "PoolSweep");
      summary.put("state", "complete");
      summary.put("exitCode", 0);
      summary.put("steps", List.of(step));
      Json.write(folder.resolve("summary.json"), summary);
      // each run measured its own times: two runs of the same histograms are one run copied, which Merge refuses
      Histogram times = new Histogram(3);
      times.recordValueWithCount(6_500_000 + 1_000L * Math.floorMod(folder.getFileName().toString().hashCode(), 100),
            800);
      new HistogramLog().add(new StepHistograms(StepId.of("wait", 1).name(), 1_735_732_800_000L,
            1_735_732_805_000L, new Latencies(new Histogram(3), times, times), Map.of()), folder);
   }
}
