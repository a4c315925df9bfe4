package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.jdbc.Outcome;
import jdbcpoollab.jdbc.Step;
import jdbcpoollab.report.AtomicFile;
import jdbcpoollab.report.Json;
import jdbcpoollab.report.RunFolder;
import jdbcpoollab.stats.GateResult;
import jdbcpoollab.stats.StepResult;
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
   private final long startedAt = System.currentTimeMillis();
   private EmbeddedMariaDb embedded;
   private Database database;
   private RunFolder folder;
   private String state = "running";
   private List<Step> plannedSteps = List.of();
   private int startedSteps;

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

   /** Creates the results folder, starts or reaches the database and seeds its {@code big} table. */
   public synchronized void start(int rows) {
      try {
         folder = RunFolder.create(Path.of(System.getProperty("lab.results", "results")), simulation,
               LocalDateTime.now());
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
      startedSteps++;
      if (step.openFailure() != null) {
         System.out.printf(Locale.ROOT, "[%d/%d] %s: pool did not open, step skipped: %s%n", startedSteps,
               plannedSteps.size(), step.requestName(), database.redact(step.openFailure()));
      } else {
         System.out.printf(Locale.ROOT, "[%d/%d] %s: pool filled in %.0f ms, load starts%n", startedSteps,
               plannedSteps.size(), step.requestName(), step.openNanos() / 1e6);
      }
   }

   /**
    * Records a finished step and checks its gates; returns their verdicts, for Gatling to log as requests. A step
    * already recorded (closed before) returns none.
    */
   public synchronized List<Outcome> stepFinished(Step step, StepResult r) {
      if (r == null) {
         return List.of();
      }
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
         writeSummary();
         System.out.println();
         System.out.print(markdown(false));
         if (gates.verdict() != null) {
            System.out.println(gates.verdict());
         }
         System.out.println("jdbc-pool-lab: run folder " + folder.dir().toAbsolutePath());
         gatlingRunFolder().ifPresent(dir -> System.out.println(
               "jdbc-pool-lab: Gatling report " + dir.resolve("index.html").toAbsolutePath()));
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

   private void writeSummary() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("simulation", simulation);
      json.put("state", state);
      json.put("settings", settings);
      json.put("steps", results.stream().map(StepResult::toMap).toList());
      gates.addTo(json);
      Json.write(folder.file("summary.json"), json);
      AtomicFile.write(folder.file("summary.csv"), SweepTables.flat(results).csv());
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
