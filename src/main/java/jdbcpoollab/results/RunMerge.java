package jdbcpoollab.results;

import jdbcpoollab.files.Json;
import jdbcpoollab.measure.HistogramLog;
import jdbcpoollab.measure.KindResult;
import jdbcpoollab.measure.Latencies;
import jdbcpoollab.measure.MergedStep;
import jdbcpoollab.measure.StepHistograms;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.measure.SweepRun;
import jdbcpoollab.measure.Timing;
import jdbcpoollab.report.KindsTable;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs of one plan measured at the same time by several load generators (one JVM and one pool each), read back
 * from their folders and checked before they are merged ({@code -Dmerge}): each complete, with its histogram log,
 * the same plan, and windows that overlap in time.
 *
 * @param runs       the runs, in the order given
 * @param histograms each run's histograms, by step name, in the same order
 * @param measured   what the runs measured, by identity ({@link #measured(SweepRun, Path)}), all runs together
 */
public record RunMerge(List<SweepRun> runs, List<Map<String, StepHistograms>> histograms, Set<String> measured) {
   /** The setting of a merged run that names what its sources measured, by identity. */
   public static final String MEASURED = "mergedMeasurements";

   /** Settings that may differ between the generators of one plan: theirs, not the plan's. */
   private static final Set<String> OWN = Set.of("users", "url", "driver", "cores", "java", "gates", "jvmWarmup",
         "recoverSeconds", "databaseCores", "serverVariables", "mergedFrom", MEASURED);

   /**
    * Reads and checks the runs.
    *
    * @throws IllegalArgumentException with one line saying which run cannot be merged, and why
    */
   public static RunMerge read(List<Path> folders) {
      if (folders.size() < 2) {
         throw new IllegalArgumentException("two runs or more are merged, " + folders.size() + " given");
      }
      List<SweepRun> runs = new ArrayList<>();
      List<Map<String, StepHistograms>> histograms = new ArrayList<>();
      List<Path> logs = new ArrayList<>();
      Map<String, String> measuredBy = new LinkedHashMap<>();
      for (Path folder : folders) {
         if (!Files.isRegularFile(folder.resolve("summary.json"))) {
            throw new IllegalArgumentException("run " + folder + " is missing: no summary.json");
         }
         SweepRun run;
         try {
            run = SweepRun.read(folder);
         } catch (RuntimeException e) {
            throw new IllegalArgumentException(firstLine(e));
         }
         if (!(run.summary().get("steps") instanceof List<?> planned) || planned.isEmpty()) {
            throw new IllegalArgumentException("run " + run.name() + " is a " + run.simulation() + " run, not a run "
                  + "of PoolSweep's engine: it has no steps to merge");
         }
         if (!"complete".equals(run.state()) || run.steps().isEmpty()
               || !run.steps().stream().allMatch(s -> s.outcome().complete())) {
            throw new IllegalArgumentException("run " + run.name() + " is " + run.state() + " with "
                  + run.steps().stream().filter(s -> s.outcome().complete()).count() + " of " + run.steps().size()
                  + " steps complete: only complete runs are merged");
         }
         Path log = folder.resolve(HistogramLog.NAME);
         if (!Files.isRegularFile(log)) {
            throw new IllegalArgumentException("run " + run.name() + " has no " + HistogramLog.NAME
                  + " (a run of an older lab, or not of PoolSweep's engine): its percentiles cannot be merged");
         }
         Map<String, StepHistograms> steps;
         try {
            steps = HistogramLog.read(log);
         } catch (RuntimeException e) {
            throw new IllegalArgumentException("run " + run.name() + ": " + firstLine(e));
         }
         run.steps().stream().filter(s -> !steps.containsKey(s.id().name())).findFirst().ifPresent(s -> {
            throw new IllegalArgumentException("run " + run.name() + ": " + HistogramLog.NAME + " lacks step "
                  + s.id().name());
         });
         runs.add(run);
         histograms.add(steps);
         logs.add(log);
      }
      for (int i = 1; i < runs.size(); i++) {
         samePlan(runs.get(0), runs.get(i));
      }
      overlapping(runs, histograms);
      for (int i = 0; i < runs.size(); i++) {
         Set<String> measurements = measured(runs.get(i), logs.get(i));
         measurements.add(contents(histograms.get(i)));
         for (String measurement : measurements) {
            String other = measuredBy.putIfAbsent(measurement, runs.get(i).name());
            if (other != null) {
               throw new IllegalArgumentException("run " + runs.get(i).name() + " holds the same measurements as run "
                     + other + " (a copy or link of it, its steps' histograms the same whatever their times, or a "
                     + "merge of it): each run is merged once");
            }
         }
      }
      return new RunMerge(List.copyOf(runs), List.copyOf(histograms), new TreeSet<>(measuredBy.keySet()));
   }

   /**
    * What a run measured, by identity, whatever its folder's name or path: the digest of its histogram log, and for
    * a merged run also what its own runs measured, so that a run merged again with one of its sources is caught.
    */
   static Set<String> measured(SweepRun run, Path log) {
      Set<String> measured = new TreeSet<>();
      try {
         measured.add(HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(log))));
      } catch (IOException e) {
         throw new IllegalArgumentException("run " + run.name() + ": cannot read " + log + ": " + e.getMessage());
      }
      if (run.settings().get(MEASURED) instanceof List<?> sources) {
         sources.forEach(source -> measured.add(String.valueOf(source)));
      }
      return measured;
   }

   /**
    * What a run's steps hold, their windows' times aside: every value of every histogram of every step. A copy whose
    * times were shifted holds the same; two load generators never measure the same values in every step.
    */
   static String contents(Map<String, StepHistograms> steps) {
      MessageDigest digest = sha256();
      for (String name : new TreeSet<>(steps.keySet())) {
         StepHistograms step = steps.get(name);
         digest.update(name.getBytes(StandardCharsets.UTF_8));
         feed(digest, step.all());
         new TreeSet<>(step.kinds().keySet()).forEach(kind -> {
            digest.update(kind.getBytes(StandardCharsets.UTF_8));
            feed(digest, step.kinds().get(kind));
         });
      }
      return "values:" + HexFormat.of().formatHex(digest.digest());
   }

   private static void feed(MessageDigest digest, Latencies latencies) {
      for (Histogram h : List.of(latencies.acquire(), latencies.query(), latencies.total())) {
         ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
         h.encodeIntoByteBuffer(buffer);
         digest.update(buffer.array(), 0, buffer.position());
      }
   }

   private static MessageDigest sha256() {
      try {
         return MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
         throw new IllegalStateException(e);
      }
   }

   private static String firstLine(RuntimeException e) {
      return String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
   }

   /** The same simulation, settings (but each generator's own) and steps, in the same order. */
   private static void samePlan(SweepRun a, SweepRun b) {
      String differs = null;
      if (!a.simulation().equals(b.simulation())) {
         differs = "simulation is " + a.simulation() + " in " + a.name() + " and " + b.simulation() + " in " + b.name();
      }
      Set<String> names = new TreeSet<>(a.settings().keySet());
      names.addAll(b.settings().keySet());
      for (String name : names) {
         if (differs == null && !OWN.contains(name) && !name.startsWith("table ")
               && !Objects.equals(a.settings().get(name), b.settings().get(name))) {
            differs = name + " is " + a.setting(name) + " in " + a.name() + " and " + b.setting(name) + " in "
                  + b.name();
         }
      }
      List<String> stepsA = a.steps().stream().map(s -> s.id().name()).toList();
      List<String> stepsB = b.steps().stream().map(s -> s.id().name()).toList();
      if (differs == null && !stepsA.equals(stepsB)) {
         differs = "the steps are " + stepsA + " in " + a.name() + " and " + stepsB + " in " + b.name();
      }
      if (differs != null) {
         throw new IllegalArgumentException("the runs measured different plans: " + differs);
      }
   }

   /** Every run measured while every other one did: the spans from first window to last window overlap. */
   private static void overlapping(List<SweepRun> runs, List<Map<String, StepHistograms>> histograms) {
      long latestStart = Long.MIN_VALUE;
      long earliestEnd = Long.MAX_VALUE;
      for (Map<String, StepHistograms> steps : histograms) {
         latestStart = Math.max(latestStart, steps.values().stream().mapToLong(StepHistograms::fromMs).min()
               .orElseThrow());
         earliestEnd = Math.min(earliestEnd, steps.values().stream().mapToLong(StepHistograms::toMs).max()
               .orElseThrow());
      }
      if (latestStart >= earliestEnd) {
         throw new IllegalArgumentException("the runs did not measure at the same time: "
               + String.join(", ", runs.stream().map(SweepRun::name).toList()) + " have no measured window in "
               + "common (start the load generators together)");
      }
   }

   /** Each step of the plan, in the order the runs measured it, with every run's share of it. */
   public List<List<MergedStep.Part>> steps() {
      List<List<MergedStep.Part>> steps = new ArrayList<>();
      for (int i = 0; i < runs.get(0).steps().size(); i++) {
         List<MergedStep.Part> parts = new ArrayList<>();
         for (int r = 0; r < runs.size(); r++) {
            StepResult step = runs.get(r).steps().get(i);
            parts.add(new MergedStep.Part(step, histograms.get(r).get(step.id().name()), kinds(runs.get(r), step)));
         }
         steps.add(parts);
      }
      return steps;
   }

   /** The kinds of a step as its run's summary.json holds them (rows by label, one per pass in pass order). */
   private static Map<String, KindResult> kinds(SweepRun run, StepResult step) {
      Map<String, KindResult> kinds = new LinkedHashMap<>();
      if (!(run.summary().get("kinds") instanceof List<?> rows)) {
         return kinds;
      }
      Map<String, Integer> seen = new LinkedHashMap<>();
      for (Object o : rows) {
         KindsTable.Row row = Json.as(o, KindsTable.Row.class);
         if (step.label().equals(row.step()) && seen.merge(row.kind(), 1, Integer::sum) == step.repetition()) {
            kinds.put(row.kind(), new KindResult(row.kind(), row.ok(), row.ko(), Timing.EMPTY, Timing.EMPTY,
                  Timing.EMPTY));
         }
      }
      return kinds;
   }
}
