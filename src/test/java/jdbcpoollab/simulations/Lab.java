package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.jdbc.Outcome;
import jdbcpoollab.jdbc.Step;
import jdbcpoollab.report.AtomicFile;
import jdbcpoollab.report.Json;
import jdbcpoollab.report.RunFolder;
import jdbcpoollab.stats.Comparison;
import jdbcpoollab.report.Table;
import jdbcpoollab.stats.GateResult;
import jdbcpoollab.stats.RunIndex;
import jdbcpoollab.stats.Sizing;
import jdbcpoollab.stats.StepResult;
import jdbcpoollab.stats.SweepPage;
import jdbcpoollab.stats.SweepRun;
import jdbcpoollab.stats.SweepTables;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The run around a simulation: the database (embedded or named by URL), the results folder, one progress line per
 * step, the gates checked as each step ends, summaries rewritten as each step ends, and the final tables on the
 * console.
 */
public final class Lab {
   /** Exit codes, listed in the README. */
   public static final int EXIT_BAD_OPTION = 64;
   public static final int EXIT_DATABASE_UNAVAILABLE = 69;
   public static final int EXIT_RESULTS_NOT_WRITABLE = 73;

   private final String simulation;
   private final Target target;
   private final int maxConnections;
   private final Map<String, Object> settings = new LinkedHashMap<>();
   private final List<StepResult> results = new ArrayList<>();
   private final RunGates gates = new RunGates(options(() -> GateOptions.from(Options.fromSystem())));
   private final Map<String, Section> sections = new LinkedHashMap<>();
   private final long startedAt = System.currentTimeMillis();
   private final WallTime wallTime = new WallTime();
   private EmbeddedMariaDb embedded;
   private Database database;
   private RunFolder folder;
   private String state = "running";
   private List<Step> plannedSteps = List.of();
   private double warmupPerStep;
   private int startedSteps;
   private Path baseline;
   private String gatlingReport;
   private Map<String, Object> wall;
   private boolean sweep = true;

   /** A table of the run beyond its steps: in summary.json under its key, in summary.md, and as {@code <key>.csv}. */
   private record Section(String title, Table table, List<Map<String, Object>> rows, String note) {
   }

   public Lab(String simulation, Target target, int maxConnections) {
      this.simulation = simulation;
      this.target = target;
      this.maxConnections = maxConnections;
   }

   /** Reads options; bad input ends the JVM with one line and {@link #EXIT_BAD_OPTION}, before anything starts. */
   public static <T> T options(Supplier<T> reader) {
      try {
         return reader.get();
      } catch (OptionException e) {
         throw exit(EXIT_BAD_OPTION, e.getMessage());
      }
   }

   public void setting(String name, Object value) {
      settings.put(name, value);
   }

   public void plan(List<Step> steps) {
      plannedSteps = List.copyOf(steps);
   }

   /** For a run whose steps are not a pool-size sweep (Fidelity): no recommended pool and no report page. */
   public void notASweep() {
      sweep = false;
   }

   /** Also the unmeasured warm-up each step spends, so the wall-time ratio can be given without it. */
   public void plan(List<Step> steps, double warmupSeconds) {
      plan(steps);
      warmupPerStep = warmupSeconds;
   }

   /** The run the report page compares this one with; by default the previous run of the same simulation. */
   public void compareWith(Path runFolder) {
      baseline = runFolder;
   }

   /**
    * Writes the side-by-side page of two finished runs and ends the JVM (status 0) without starting anything; in a
    * test JVM throws a {@link LabExit} with code 0 instead.
    */
   public static LabExit compareOnly(Path runA, Path runB) {
      Path page = Comparison.page(SweepRun.read(runA), SweepRun.read(runB));
      RunIndex.write(runA.toAbsolutePath().getParent());
      String line = "jdbc-pool-lab: comparison " + page.toAbsolutePath() + " (nothing was run)";
      System.out.println(line);
      if (!Boolean.getBoolean("lab.noExit")) {
         System.out.flush();
         System.exit(0);
      }
      return new LabExit(0, line);
   }

   private static Path resultsRoot() {
      return Path.of(System.getProperty("lab.results", "results"));
   }

   /** Creates the results folder, starts or reaches the database and seeds its {@code big} table. */
   public synchronized void start(int rows) {
      try {
         folder = RunFolder.create(resultsRoot(), simulation, LocalDateTime.now());
      } catch (IllegalStateException e) {
         throw exit(EXIT_RESULTS_NOT_WRITABLE, e.getMessage());
      }
      long t0 = System.nanoTime();
      try {
         if (target.embedded()) {
            embedded = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), maxConnections);
            Runtime.getRuntime().addShutdownHook(new Thread(this::interrupted, "lab-shutdown"));
            database = embedded.start();
         } else {
            Runtime.getRuntime().addShutdownHook(new Thread(this::interrupted, "lab-shutdown"));
            database = new Database(target.url(), target.user(), target.password());
         }
      } catch (IllegalStateException e) {
         throw exit(EXIT_DATABASE_UNAVAILABLE, e.getMessage());
      }
      try (Connection c = database.connect()) {
         String server = database.describeServer(c);
         long t1 = System.nanoTime();
         String table = rows == 0 ? "not needed" : rows + " rows " + database.dialect().ensureBigTable(c, rows)
               .name().toLowerCase(Locale.ROOT);
         long t2 = System.nanoTime();
         settings.put("database", server);
         settings.put("driver", Database.describeDriver(c));
         settings.put("url", database.safeUrl());
         settings.put("table big", table);
         System.out.printf(Locale.ROOT, "jdbc-pool-lab: %s at %s (ready in %.1f s; table big %s in %.1f s)%n",
               server, database.safeUrl(), (t1 - t0) / 1e9, table, (t2 - t1) / 1e9);
      } catch (SQLException e) {
         throw exit(EXIT_DATABASE_UNAVAILABLE, "cannot use database " + database.safeUrl() + ": "
               + database.redact(e.getMessage()));
      }
      settings.put("cores", Runtime.getRuntime().availableProcessors());
      settings.put("java", System.getProperty("java.version"));
      if (gates.any()) {
         settings.put("gates", gates.describe());
      }
      System.out.println("jdbc-pool-lab: results go to " + folder.dir().toAbsolutePath());
      writeSummary();
   }

   /**
    * Runs a workload's statement once before any load, so a statement the database rejects ends the run with one
    * line instead of a sweep of failures: exit 64 for the user's own SQL, 69 for the lab's.
    */
   public void tryOnce(String workload, String sql) {
      try (Connection c = database.connect(); PreparedStatement statement = c.prepareStatement(sql)) {
         statement.execute();
      } catch (SQLException e) {
         String why = database.redact(e.getMessage());
         synchronized (this) {
            state = "incomplete";
            writeSummary();
         }
         stopDatabase();
         throw "custom".equals(workload)
               ? exit(EXIT_BAD_OPTION, "bad option -Dsql: " + database.productVersion() + " rejects it: " + why)
               : exit(EXIT_DATABASE_UNAVAILABLE, "the " + workload + " statement fails on " + database.productVersion()
                     + ": " + why);
      }
   }

   public Database database() {
      if (database == null) {
         throw new IllegalStateException("the lab has not started");
      }
      return database;
   }

   public synchronized void stepStarted(Step step) {
      wallTime.stepStarted(step.openNanos());
      startedSteps++;
      if (step.openFailure() != null) {
         System.out.printf(Locale.ROOT, "[%d/%d] %s: pool did not open, step skipped: %s%n", startedSteps,
               plannedSteps.size(), step.requestName(), database.redact(step.openFailure()));
      } else {
         System.out.printf(Locale.ROOT, "[%d/%d] %s: pool filled in %.0f ms, load starts%n", startedSteps,
               plannedSteps.size(), step.requestName(), step.openNanos() / 1e6);
      }
   }

   /** A progress line of the current step. */
   public synchronized void progress(String message) {
      System.out.printf(Locale.ROOT, "[%d/%d] %s%n", startedSteps, plannedSteps.size(), message);
   }

   /** Adds or replaces a table of the run and rewrites the summaries. */
   public synchronized void section(String key, String title, Table table, List<Map<String, Object>> rows,
                                    String note) {
      sections.put(key, new Section(title, table, List.copyOf(rows), note));
      writeSummary();
   }

   /**
    * Records a finished step and checks its gates; returns their verdicts, for Gatling to log as requests. A step
    * already recorded (closed before) returns none.
    */
   public synchronized List<Outcome> stepFinished(Step step, StepResult r) {
      if (r == null) {
         return List.of();
      }
      wallTime.stepFinished();
      results.add(r);
      List<GateResult> checked = gates.check(r);
      System.out.printf(Locale.ROOT, "[%d/%d] %s: %s %.1f ops/s, ok=%d ko=%d, acquire p99 %.3f ms, total p99 %.3f ms%n",
            startedSteps, plannedSteps.size(), step.requestName(), r.complete() ? "done," : "INCOMPLETE,",
            r.throughput(), r.ok(), r.ko() + r.koOutside(), r.acquire().p99(), r.total().p99());
      checked.stream().filter(g -> !g.passed()).forEach(g -> System.out.printf(Locale.ROOT,
            "[%d/%d] gate FAILED: %s%n", startedSteps, plannedSteps.size(), g.verdict()));
      writeSummary();
      return RunGates.requests(checked);
   }

   /** The gates as Gatling assertions (see {@link RunGates#assertions}); call after {@link #plan}. */
   public List<Assertion> assertions() {
      return gates.assertions(plannedSteps.size());
   }

   /** After the last step: final summaries, the tables, where everything is, and the server stopped. */
   public synchronized void finish() {
      if (!"running".equals(state)) {
         return;
      }
      for (Step step : plannedSteps) {
         step.stop();
         stepFinished(step, step.close());
      }
      state = results.size() == plannedSteps.size() && results.stream().allMatch(StepResult::complete)
            ? "complete" : "incomplete";
      if (folder != null) {
         Optional<Path> gatling = gatlingRunFolder();
         gatling.ifPresent(dir -> gatlingReport = folder.dir().toAbsolutePath()
               .relativize(dir.resolve("index.html").toAbsolutePath()).toString().replace('\\', '/'));
         wall = wallTime.toMap(results.stream().mapToDouble(StepResult::seconds).sum(),
               warmupPerStep * results.size());
         writeSummary();
         System.out.println();
         System.out.print(markdown(false));
         System.out.println("jdbc-pool-lab: " + WallTime.line(wall, results.size()));
         if (gates.verdict() != null) {
            System.out.println(gates.verdict());
         }
         System.out.println("jdbc-pool-lab: run folder " + folder.dir().toAbsolutePath());
         gatling.ifPresent(dir -> System.out.println(
               "jdbc-pool-lab: Gatling report " + dir.resolve("index.html").toAbsolutePath()));
         writePage().ifPresent(page -> System.out.println("jdbc-pool-lab: report " + page.toAbsolutePath()));
      }
      stopDatabase();
   }

   public List<StepResult> results() {
      return List.copyOf(results);
   }

   public Path folder() {
      return folder.dir();
   }

   private void interrupted() {
      synchronized (this) {
         if ("running".equals(state) && folder != null) {
            state = "interrupted";
            writeSummary();
            writePage();
            System.err.println("jdbc-pool-lab: run interrupted; finished steps are in " + folder.dir().toAbsolutePath());
         }
      }
      stopDatabase();
   }

   private void stopDatabase() {
      EmbeddedMariaDb db = embedded;
      if (db != null) {
         db.close();
      }
   }

   /** The run's page and the index of all runs; a failure here is reported and does not fail the run. */
   private Optional<Path> writePage() {
      if (!sweep) {
         return Optional.empty();
      }
      try {
         SweepRun run = SweepRun.read(folder.dir());
         SweepRun against = baseline != null ? SweepRun.read(baseline) : run.previous().orElse(null);
         Path page = SweepPage.write(run, against);
         RunIndex.write(resultsRoot());
         return Optional.of(page);
      } catch (RuntimeException e) {
         System.err.println("jdbc-pool-lab: the report page could not be written: " + e);
         return Optional.empty();
      }
   }

   private void writeSummary() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("simulation", simulation);
      json.put("state", state);
      json.put("settings", settings);
      if (gatlingReport != null) {
         json.put("gatlingReport", gatlingReport);
      }
      if (wall != null) {
         json.put("wallTime", wall);
      }
      json.put("steps", results.stream().map(StepResult::toMap).toList());
      sections.forEach((key, section) -> json.put(key, section.rows()));
      gates.addTo(json);
      Json.write(folder.file("summary.json"), json);
      AtomicFile.write(folder.file("summary.csv"), SweepTables.flat(results).csv());
      sections.forEach((key, section) -> AtomicFile.write(folder.file(key + ".csv"), section.table().csv()));
      AtomicFile.write(folder.file("summary.md"), markdown(true));
   }

   private String markdown(boolean withSettings) {
      StringBuilder md = new StringBuilder();
      if (withSettings) {
         md.append("# ").append(simulation).append(" (").append(state).append(")\n\n");
         settings.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
         md.append('\n');
      }
      md.append("Times in ms. Throughput is successful operations per second of the measured window. "
            + "Acquire counts every operation in the window, query and total the successful ones.\n\n");
      results.stream().map(StepResult::workload).distinct().forEach(workload -> {
         md.append("## ").append(workload).append("\n\n");
         md.append(withSettings
               ? SweepTables.byPool(results.stream().filter(r -> r.workload().equals(workload)).toList()).markdown()
               : SweepTables.byPool(results.stream().filter(r -> r.workload().equals(workload)).toList()).text());
         md.append('\n');
      });
      if (sweep) {
         recommendations(md, withSettings);
      }
      sections.values().forEach(section -> {
         md.append("## ").append(section.title()).append("\n\n");
         md.append(withSettings ? section.table().markdown() : section.table().text());
         md.append('\n').append(section.note()).append("\n\n");
      });
      Map<String, Long> errors = new LinkedHashMap<>();
      results.forEach(r -> r.errors().forEach((m, n) -> errors.merge(r.label() + ": "
            + database.redact(m), n, Long::sum)));
      if (!errors.isEmpty()) {
         md.append("## Failures\n\n");
         errors.forEach((m, n) -> md.append("- ").append(n).append(" × ").append(m).append('\n'));
         md.append('\n');
      }
      md.append(gates.report(results, withSettings));
      return md.toString();
   }

   /** The recommended pool per workload: a table and the reasoning in summary.md, one line each on the console. */
   private void recommendations(StringBuilder md, boolean withReasoning) {
      // the steps as summary.json holds them, so that summary.md and the page (read from it) agree to the digit
      List<StepResult> written = results.stream().map(r -> StepResult.fromMap(r.toMap())).toList();
      List<Sizing> sizings = written.stream().map(StepResult::workload).distinct()
            .map(w -> Sizing.of(w, written.stream().filter(r -> r.workload().equals(w)).toList(), settings))
            .toList();
      if (sizings.isEmpty()) {
         return;
      }
      md.append(withReasoning ? "## Recommended pool size\n\n" : "Recommended pool size:\n");
      if (!withReasoning) {
         sizings.forEach(s -> md.append("  ").append(s.headline()).append('\n'));
         md.append('\n');
         return;
      }
      md.append(SweepTables.recommendations(sizings).markdown()).append('\n');
      for (Sizing s : sizings) {
         md.append("### ").append(s.workload()).append("\n\n**").append(s.headline()).append("**\n\n");
         s.reasoning().forEach(line -> md.append("- ").append(line).append('\n'));
         md.append('\n');
      }
   }

   private Optional<Path> gatlingRunFolder() {
      Path root = Path.of(System.getProperty("lab.gatlingResults", "results/gatling"));
      String prefix = simulation.toLowerCase(Locale.ROOT) + "-";
      if (!Files.isDirectory(root)) {
         return Optional.empty();
      }
      try (Stream<Path> dirs = Files.list(root)) {
         return dirs.filter(d -> d.getFileName().toString().startsWith(prefix))
               .filter(d -> d.toFile().lastModified() >= startedAt - 60_000)
               .max((a, b) -> Long.compare(a.toFile().lastModified(), b.toFile().lastModified()));
      } catch (java.io.IOException e) {
         return Optional.empty();
      }
   }

   /** Ends the run with one line; inside a test JVM ({@code -Dlab.noExit=true}) throws instead. */
   static LabExit exit(int code, String message) {
      String line = "jdbc-pool-lab: " + message;
      if (Boolean.getBoolean("lab.noExit")) {
         return new LabExit(code, line);
      }
      System.err.println(line);
      System.err.flush();
      System.exit(code);
      return new LabExit(code, line);
   }

   /** A run that cannot go on. */
   public static final class LabExit extends RuntimeException {
      private final int code;

      LabExit(int code, String message) {
         super(message);
         this.code = code;
      }

      public int code() {
         return code;
      }
   }
}
