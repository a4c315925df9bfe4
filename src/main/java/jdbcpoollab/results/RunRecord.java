package jdbcpoollab.results;

import jdbcpoollab.files.AtomicFile;
import jdbcpoollab.files.Json;
import jdbcpoollab.redact.Redactor;
import jdbcpoollab.report.Summary;
import jdbcpoollab.report.Table;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.settings.RunSettings;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A run's summary.json and the files beside it, from the folder's creation to the run's last state: "running" (with
 * the pid, so that a later run can tell a killed one, see {@link KilledRuns}), then "complete", "incomplete",
 * "failed" or "interrupted", with the exit code the run's JVM ends with ({@code exitCode}). Not thread-safe: the run
 * writes it under its own lock.
 */
public final class RunRecord {
   private final Path results;
   private final String simulation;
   private final RunSettings settings;
   private final Summary summary;
   private final Consumer<Map<String, Object>> gatesJson;
   private final Function<Boolean, String> gatesReport;
   private final UnaryOperator<String> redact;
   private final Consumer<String> lost;
   private final Map<String, String> incomplete = new LinkedHashMap<>();
   private final Map<String, RunFiles.Section> sections = new LinkedHashMap<>();
   private RunFolder folder;
   private Environment environment;
   private String state = "running";
   private Integer exitCode;
   private String error;
   private String gatlingReport;
   private Map<String, Object> wall;
   private boolean writeFailed;

   /**
    * @param results     the results folder the run's folder goes in
    * @param settings    the simulation's settings record, written first under "settings"
    * @param gatesJson   adds the gates' entries to summary.json
    * @param gatesReport the gates and baseline section: Markdown (true) or console text (false)
    * @param redact      masks passwords in failure messages
    * @param lost        told once, with the reason, when the files cannot be written
    */
   public RunRecord(Path results, String simulation, RunSettings settings, Summary summary,
                    Consumer<Map<String, Object>> gatesJson, Function<Boolean, String> gatesReport,
                    UnaryOperator<String> redact, Consumer<String> lost) {
      this.results = results;
      this.simulation = simulation;
      this.settings = settings;
      this.summary = summary;
      this.gatesJson = gatesJson;
      this.gatesReport = gatesReport;
      this.redact = redact;
      this.lost = lost;
   }

   /**
    * Creates the run's folder and proves it writable.
    *
    * @throws IllegalStateException saying why it cannot be written
    */
   public void create(LocalDateTime now) {
      folder = RunFolder.create(results, simulation, now);
   }

   /**
    * Writes the run folder's absolute path into {@code file} ({@code -Dlab.runFolderFile}), so that a script that
    * started the run finds its summary.json without reading the console.
    *
    * @throws java.io.UncheckedIOException when the file cannot be written
    */
   public void nameIn(Path file) {
      AtomicFile.write(file, folder.dir().toAbsolutePath() + "\n");
   }

   /** Marks the runs of the results folder whose JVM ended without a word; returns their folders. */
   public List<Path> markKilled(Consumer<String> warn) {
      return KilledRuns.mark(results, warn);
   }

   /** True once the folder exists. */
   public boolean created() {
      return folder != null;
   }

   public Path dir() {
      return folder.dir();
   }

   public void environment(Environment where) {
      environment = where;
   }

   /** Still "running": not yet ended, failed or interrupted. */
   public boolean running() {
      return "running".equals(state);
   }

   public boolean interrupted() {
      return "interrupted".equals(state);
   }

   /** True once a write failed: the files keep an earlier state. */
   public boolean writeFailed() {
      return writeFailed;
   }

   public String error() {
      return error;
   }

   /** Each incomplete step and why, in the order they were found; the run adds to it. */
   public Map<String, String> incomplete() {
      return incomplete;
   }

   /** Adds or replaces a table of the run and rewrites the files. */
   public void section(String key, String title, Table table, List<Map<String, Object>> rows, String note) {
      sections.put(key, new RunFiles.Section(title, table, List.copyOf(rows), note));
      write();
   }

   /** Ends the run before its load or with nothing measured: state "failed", with why and its exit code. */
   public void failed(int code, String message, Map<String, Object> wallTime) {
      state = "failed";
      exitCode = code;
      error = Redactor.text(message);
      wall = wallTime;
      write();
   }

   /** Why a run that went through its load ends with an error, as summary.json's {@code error}: written at its end. */
   public void error(String message) {
      error = Redactor.text(message);
   }

   /** Ends the run as the JVM ends under it, with the code it ends with when known (a signal's). */
   public void interrupt(OptionalInt code) {
      state = "interrupted";
      exitCode = code.isPresent() ? code.getAsInt() : null;
      write();
   }

   /**
    * Ends a run that went through its load, and writes it if its folder exists.
    *
    * @param code    the exit code the run ends with (Gatling's 2 for a failed gate included)
    * @param gatling Gatling's report folder for this run, if found
    */
   public void ended(boolean complete, int code, Optional<Path> gatling, Map<String, Object> wallTime) {
      state = complete ? "complete" : "incomplete";
      exitCode = code;
      if (folder == null) {
         return;
      }
      gatling.ifPresent(dir -> gatlingReport = folder.dir().toAbsolutePath()
            .relativize(dir.resolve("index.html").toAbsolutePath()).toString().replace('\\', '/'));
      wall = wallTime;
      write();
   }

   /**
    * Rewrites the files, each through a temporary file and a rename. When that fails (disk full) the files keep
    * their last complete state, the run goes on, and {@link #writeFailed} says so from then on.
    */
   public boolean write() {
      try {
         RunFiles.write(folder, contents());
         return true;
      } catch (UncheckedIOException e) {
         if (!writeFailed) {
            writeFailed = true;
            lost.accept(e.getMessage());
         }
         return false;
      }
   }

   /** The closing tables for the console: aligned text, no settings. */
   public String tables() {
      return RunFiles.markdown(contents(), false);
   }

   /**
    * The run's page and the index of all runs (the page compares with {@code baseline}, or null for its own). One
    * that cannot be written (disk full) is results lost, as a summary that cannot be rewritten.
    */
   public Optional<Path> page(Path baseline) {
      try {
         Optional<Path> page = summary.page(folder.dir(), baseline);
         RunIndex.write(results);
         return page;
      } catch (UncheckedIOException e) {
         writeFailed = true;
         lost.accept("cannot write the report page: " + e.getMessage());
         return Optional.empty();
      }
   }

   /** The run as its files show it now: settings first, then where it ran. */
   private RunFiles.Contents contents() {
      Map<String, Object> shown = new LinkedHashMap<>(Json.toMap(settings));
      if (environment != null) {
         shown.putAll(Json.toMap(environment));
      }
      Map<String, Object> gates = new LinkedHashMap<>();
      gatesJson.accept(gates);
      return new RunFiles.Contents(simulation, state, exitCode, error, shown, gatlingReport, summary, incomplete,
            wall, sections, gates, gatesReport, redact);
   }
}
