package jdbcpoollab.runoptions;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.StepChecks;
import jdbcpoollab.measure.StepCounts;
import jdbcpoollab.measure.StepHistograms;
import jdbcpoollab.measure.StepId;
import jdbcpoollab.measure.StepRuntime;
import jdbcpoollab.measure.StepOutcome;
import jdbcpoollab.measure.StepResources;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.StepTimes;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.measure.UserSpread;
import jdbcpoollab.run.MergeOnly;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.results.MergedRun;
import jdbcpoollab.results.RunMerge;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Merge's -Dmerge reads and checks the runs it names before anything starts: differing plans, a missing, incomplete or
 * histogram-less run and runs that did not measure at the same time are refused in one line; runs of one plan merge
 * into a run whose throughput is the sum and whose P99 is the merged histogram's.
 */
class PoolSweepOptionsMergeTest {
   private static final long T0 = 1_800_000_000_000L;

   @TempDir
   Path results;

   private List<Path> merge(String merge) {
      Properties p = new Properties();
      p.setProperty("lab.results", results.toString());
      p.setProperty("merge", merge);
      return RunFolderOptions.merged(new Options(p, Map.of()));
   }

   private String refused(String merge) {
      Exception e = assertThrows(OptionException.class, () -> merge(merge), merge);
      assertTrue(e.getMessage().startsWith("bad option -Dmerge=" + merge + ": "), e.getMessage());
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
      return e.getMessage();
   }

   /**
    * A complete run of one wait step at each of {@code pools}, whose operations took {@code ms} each (one in a
    * hundred ten times as long), measured from {@code fromMs} for 2 s; {@code seconds} is its plan's.
    */
   private void run(String name, double seconds, List<Integer> pools, long fromMs, long ms, long ok)
         throws Exception {
      Path folder = Files.createDirectories(results.resolve(name));
      HistogramLog log = new HistogramLog();
      List<Map<String, Object>> steps = new ArrayList<>();
      for (int pool : pools) {
         Histogram total = new Histogram(3);
         for (long i = 0; i < ok; i++) {
            total.recordValue((i % 100 == 0 ? 10 : 1) * ms * 1_000_000);
         }
         StepId id = StepId.of("wait", pool);
         steps.add(new StepResult(id, new StepCounts(4, seconds, ok, 0, 0, ok / seconds),
               new StepTimes(Timing.of(new Histogram(3)), Timing.of(total), Timing.of(total)),
               new StepOutcome(new UserSpread(4, ok / 4, ok / 4.0, ok / 4, 1), Map.of(), true), StepResources.NONE,
               StepChecks.NONE, StepRuntime.NONE).toMap());
         log.add(new StepHistograms(id.name(), fromMs, fromMs + 2000, new Latencies(new Histogram(3), total,
               total), Map.of()), folder);
      }
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("users", 4);
      settings.put("seconds", seconds);
      settings.put("pools", pools);
      settings.put("java", name);
      Map<String, Object> summary = new LinkedHashMap<>();
      summary.put("simulation", "PoolSweep");
      summary.put("state", "complete");
      summary.put("settings", settings);
      summary.put("steps", steps);
      Json.write(folder.resolve("summary.json"), summary);
   }

   @Test
   void differingPlansAreRefused() throws Exception {
      run("a", 2, List.of(1, 2), T0, 5, 400);
      run("seconds", 3, List.of(1, 2), T0, 5, 400);
      run("pools", 2, List.of(1, 4), T0, 5, 400);
      assertTrue(refused("a,seconds").endsWith("the runs measured different plans: seconds is 2.0 in a and 3.0 in "
            + "seconds"), refused("a,seconds"));
      assertTrue(refused("a,pools").contains("the runs measured different plans: pools is [1, 2] in a and [1, 4]"),
            refused("a,pools"));
   }

   @Test
   void missingIncompleteHistogramLessAndSeparateRunsAreRefused() throws Exception {
      run("a", 2, List.of(1, 2), T0, 5, 400);
      run("later", 2, List.of(1, 2), T0 + 60_000, 5, 400);
      run("nolog", 2, List.of(1, 2), T0, 5, 400);
      Files.delete(results.resolve("nolog").resolve(HistogramLog.NAME));
      run("cut", 2, List.of(1, 2), T0, 5, 400);
      Path cut = results.resolve("cut").resolve("summary.json");
      Files.writeString(cut, Files.readString(cut).replace("\"complete\"", "\"incomplete\""));
      assertTrue(refused("a,gone").contains("is missing: no summary.json"), refused("a,gone"));
      assertTrue(refused("a,cut").contains("run cut is incomplete"), refused("a,cut"));
      assertTrue(refused("a,nolog").contains("run nolog has no histograms.hlog"), refused("a,nolog"));
      assertTrue(refused("a,later").contains("the runs did not measure at the same time"), refused("a,later"));
      assertTrue(refused("a").contains("two runs or more"), refused("a"));
      assertTrue(refused("a,a").contains("each named once"), refused("a,a"));
   }

   @Test
   void runsOfOnePlanMergeIntoTheSumOfTheirThroughputsAndTheP99OfTheirHistograms() throws Exception {
      run("fast", 2, List.of(1, 2), T0, 2, 1000);
      run("slow", 2, List.of(1, 2), T0 + 500, 40, 30);
      assertEquals(List.of(results.resolve("fast"), results.resolve("slow")), merge("fast,slow"));
      Path merged = MergedRun.write(RunMerge.read(merge("fast,slow")), results, LocalDateTime.now());
      Map<String, Object> summary = Json.read(merged.resolve("summary.json"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> steps = (List<Map<String, Object>>) summary.get("steps");
      assertEquals(2, steps.size());
      for (Map<String, Object> step : steps) {
         assertEquals(1030 / 2.0, ((Number) step.get("throughput")).doubleValue(), 0.05, step.toString());
         assertEquals(8, ((Number) step.get("users")).intValue());
         // 1030 operations: 990 of 2 ms, 10 of 20 ms, 29 of 40 ms, 1 of 400 ms; the 99th percentile is 40 ms. The
         // runs' own P99s (2 and 400 ms) average to 201 ms
         @SuppressWarnings("unchecked")
         Map<String, Object> total = (Map<String, Object>) step.get("total");
         assertEquals(40.0, ((Number) total.get("p99")).doubleValue(), 0.05, total.toString());
      }
      assertTrue(Files.isRegularFile(merged.resolve("index.html")));
      assertTrue(Files.isRegularFile(merged.resolve("merge.csv")));
      StepHistograms log = HistogramLog.read(merged.resolve(HistogramLog.NAME)).get("wait pool=2");
      assertEquals(1030, log.all().total().getTotalCount());
      assertEquals(List.of(T0, T0 + 2500), List.of(log.fromMs(), log.toMs()), "the span of both windows");
      assertEquals(List.of("fast", "slow"), ((Map<?, ?>) summary.get("settings")).get("mergedFrom"));
   }

   @Test
   void aCopyALinkOrAMergeOfARunIsNotMergedWithItAgain() throws Exception {
      run("fast", 2, List.of(1, 2), T0, 2, 1000);
      run("slow", 2, List.of(1, 2), T0 + 500, 40, 30);
      copy(results.resolve("fast"), results.resolve("fast-copy"));
      Files.createSymbolicLink(results.resolve("fast-link"), results.resolve("fast"));
      for (String twin : List.of("fast-copy", "fast-link")) {
         String why = assertThrows(IllegalArgumentException.class,
               () -> RunMerge.read(List.of(results.resolve("fast"), results.resolve(twin)))).getMessage();
         assertTrue(why.contains("holds the same measurements as run fast"), why);
      }
      shiftedCopy(results.resolve("fast"), results.resolve("fast-shifted"));
      String shifted = assertThrows(IllegalArgumentException.class,
            () -> RunMerge.read(List.of(results.resolve("fast"), results.resolve("fast-shifted")))).getMessage();
      assertTrue(shifted.contains("run fast-shifted holds the same measurements as run fast"), shifted);
      Path merged = MergedRun.write(RunMerge.read(List.of(results.resolve("fast"), results.resolve("slow"))), results,
            LocalDateTime.now());
      String mergedAndShifted = assertThrows(IllegalArgumentException.class,
            () -> RunMerge.read(List.of(merged, results.resolve("fast-shifted")))).getMessage();
      assertTrue(mergedAndShifted.contains("holds the same measurements as run " + merged.getFileName()),
            mergedAndShifted);
      String again = assertThrows(IllegalArgumentException.class,
            () -> RunMerge.read(List.of(merged, results.resolve("slow")))).getMessage();
      assertTrue(again.contains("holds the same measurements as run " + merged.getFileName()), again);
   }

   @Test
   void optionsAMergeCannotApplyAreRefused() throws Exception {
      run("fast", 2, List.of(1, 2), T0, 2, 1000);
      run("slow", 2, List.of(1, 2), T0 + 500, 40, 30);
      Properties p = new Properties();
      p.setProperty("lab.results", results.toString());
      p.setProperty("merge", "fast,slow");
      p.setProperty("pools", "64");
      p.setProperty("users", "999");
      String why = assertThrows(OptionException.class, () -> MergeOnly.checked(new Options(p, Map.of())))
            .getMessage();
      assertTrue(why.startsWith("option -Dpools=64 is ") && why.contains("Merge does not read it"), why);
      p.remove("pools");
      p.remove("users");
      assertEquals(2, MergeOnly.checked(new Options(p, Map.of())).size());
   }

   /** A copy of a run whose histogram log's times are 1 ms later: its digest differs, its measurements do not. */
   private static void shiftedCopy(Path from, Path to) throws java.io.IOException {
      Files.createDirectories(to);
      Files.copy(from.resolve("summary.json"), to.resolve("summary.json"));
      HistogramLog log = new HistogramLog();
      for (StepHistograms s : HistogramLog.read(from.resolve(HistogramLog.NAME)).values()) {
         log.add(new StepHistograms(s.step(), s.fromMs() + 1, s.toMs() + 1, s.all(), s.kinds()), to);
      }
      assertTrue(!Files.readString(from.resolve(HistogramLog.NAME))
            .equals(Files.readString(to.resolve(HistogramLog.NAME))), "the log differs");
   }

   @Test
   void aRunOfAnotherSimulationIsNamedForWhatItIs() throws Exception {
      run("fast", 2, List.of(1, 2), T0, 2, 1000);
      Path capture = Files.createDirectories(results.resolve("20260101-120000-Capture"));
      Json.write(capture.resolve("summary.json"), Map.of("simulation", "Capture", "state", "complete",
            "settings", Map.of("seconds", 2.0), "requests", 12));
      String why = refused("fast,20260101-120000-Capture");
      assertTrue(why.endsWith("run 20260101-120000-Capture is a Capture run, not a run of PoolSweep's engine: it has "
            + "no steps to merge"), why);
   }

   private static void copy(Path from, Path to) throws java.io.IOException {
      Files.createDirectories(to);
      try (var files = Files.list(from)) {
         for (Path file : files.toList()) {
            Files.copy(file, to.resolve(file.getFileName()));
         }
      }
   }
}
