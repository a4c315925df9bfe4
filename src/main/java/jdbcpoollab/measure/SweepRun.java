package jdbcpoollab.measure;

import jdbcpoollab.files.Json;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.PoolSweepSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** A finished (or interrupted) run, read back from its folder's {@code summary.json}. */
public record SweepRun(Path folder, Map<String, Object> summary, List<StepResult> steps) {

   @SuppressWarnings("unchecked")
   public static SweepRun read(Path folder) {
      Map<String, Object> summary = Json.read(folder.resolve("summary.json"));
      // another simulation's steps (CpoolCompare's) have another shape: the run is listed without them
      List<Map<String, Object>> written = summary.get("steps") instanceof List<?> list ? list.stream()
            .filter(s -> s instanceof Map<?, ?> m && m.get("workload") instanceof String
                  && m.get("pool") instanceof Number)
            .map(s -> (Map<String, Object>) s).toList() : List.of();
      Map<String, Object> settings = summary.get("settings") instanceof Map<?, ?> m ? (Map<String, Object>) m
            : Map.of();
      int passes = settings.get("repeat") instanceof Number n ? n.intValue() : 1;
      int width = StepId.digits(Stream.concat(written.stream().map(s -> s.get("pool")),
                  settings.get("pools") instanceof List<?> pools ? pools.stream() : Stream.empty())
            .filter(Number.class::isInstance).mapToInt(p -> ((Number) p).intValue()).max().orElse(1));
      List<StepResult> steps = new ArrayList<>();
      for (Map<String, Object> step : written) {
         try {
            steps.add(StepResult.read(step, passes, width));
         } catch (RuntimeException e) {
            // not a PoolSweep step after all
         }
      }
      return new SweepRun(folder, summary, List.copyOf(steps));
   }

   /**
    * Every run folder under {@code results} with a readable summary, newest first (folder names start with the
    * start time).
    */
   public static List<SweepRun> all(Path results) {
      if (!Files.isDirectory(results)) {
         return List.of();
      }
      List<SweepRun> runs = new ArrayList<>();
      try (Stream<Path> dirs = Files.list(results)) {
         for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).toList()) {
            try {
               runs.add(read(dir));
            } catch (RuntimeException e) {
               // a summary being written or from another tool: not a run this index can show
            }
         }
      } catch (IOException e) {
         throw new UncheckedIOException("cannot list " + results + ": " + e.getMessage(), e);
      }
      runs.sort(Comparator.comparing(SweepRun::name).reversed());
      return runs;
   }

   /**
    * The newest comparable run ({@link #comparable}) of the same simulation that started before this one: what its
    * page compares it with by default. Failed, incomplete, interrupted, killed and running runs are passed over.
    */
   public Optional<SweepRun> previous() {
      return all(folder.toAbsolutePath().getParent()).stream()
            .filter(r -> r.name().compareTo(name()) < 0)
            .filter(r -> r.simulation().equals(simulation()) && r.comparable())
            .findFirst();
   }

   /**
    * A run every step of which ended ("complete", a failed gate included), that has steps to compare and whose answer
    * is not provisional: a quick look ({@code -Dquick=true}, its settings' {@code quick}) is no run to hold another to.
    */
   public boolean comparable() {
      return "complete".equals(state()) && !steps.isEmpty() && !settings().containsKey("quick");
   }

   public String name() {
      return folder.getFileName().toString();
   }

   /** The digits the run's pool sizes are padded to in its steps' names. */
   public int poolWidth() {
      return steps.stream().findFirst().map(s -> s.id().width()).orElse(1);
   }

   public String simulation() {
      return String.valueOf(summary.getOrDefault("simulation", "?"));
   }

   public String state() {
      return String.valueOf(summary.getOrDefault("state", "?"));
   }

   @SuppressWarnings("unchecked")
   /** The settings a sweep recorded, typed; parts an older run did not record are zero or null. */
   public PoolSweepSettings sweepSettings() {
      return Json.as(settings(), PoolSweepSettings.class);
   }

   /** Where the run ran, as it recorded it. */
   public Environment environment() {
      return Json.as(settings(), Environment.class);
   }

   /** Each workload's mean think time between operations (Z, -DthinkMs or its own), in ms, by name. */
   public Map<String, Double> thinkMs() {
      Map<String, Double> think = new LinkedHashMap<>();
      if (settings().get("thinkMs") instanceof Map<?, ?> m) {
         m.forEach((workload, ms) -> think.put(String.valueOf(workload), ((Number) ms).doubleValue()));
      }
      return think;
   }

   public Map<String, Object> settings() {
      Object settings = summary.get("settings");
      return settings instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
   }

   public String setting(String name) {
      Object value = settings().get(name);
      return value == null ? "" : String.valueOf(value);
   }

   /** Gatling's report of the run, relative to the run folder, or null when it was not found. */
   public String gatlingReport() {
      Object link = summary.get("gatlingReport");
      return link == null ? null : link.toString();
   }

   public List<String> workloads() {
      return steps.stream().map(StepResult::workload).distinct().toList();
   }

   public List<StepResult> steps(String workload) {
      return steps.stream().filter(s -> s.workload().equals(workload))
            .sorted(Comparator.comparingInt(StepResult::pool)).toList();
   }

   /** The sources (and drivers) of a sweep over several, in the order they ran; empty for a sweep over one. */
   public List<String> sources() {
      return steps.stream().map(StepResult::source).filter(s -> !s.isEmpty()).distinct().toList();
   }

   /** One workload's steps with one source, by pool size. */
   public List<StepResult> steps(String workload, String source) {
      return steps(workload).stream().filter(s -> s.source().equals(source)).toList();
   }

   /** The statement a workload ran, as recorded in the settings. */
   public String query(String workload) {
      Map<String, String> queries = sweepSettings().queries();
      return queries != null && queries.get(workload) != null ? queries.get(workload) : workload;
   }
}
