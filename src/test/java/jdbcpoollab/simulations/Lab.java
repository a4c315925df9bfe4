package jdbcpoollab.simulations;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.jdbc.Outcome;
import jdbcpoollab.report.AtomicFile;
import jdbcpoollab.report.Json;
import jdbcpoollab.report.RunFolder;
import jdbcpoollab.report.Summary;
import jdbcpoollab.stats.Comparison;
import jdbcpoollab.stats.GateResult;
import jdbcpoollab.stats.RunIndex;
import jdbcpoollab.stats.StepResult;
import jdbcpoollab.stats.SweepRun;

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
 * step, the gates checked as each step ends, the simulation's {@link Summary} rewritten as each step ends, and its
 * tables on the console and its page at the end.
 */
public final class Lab {
   /** Exit codes, listed in the README. */
   public static final int EXIT_BAD_OPTION = 64;
   public static final int EXIT_DATABASE_UNAVAILABLE = 69;
   public static final int EXIT_RESULTS_NOT_WRITABLE = 73;

   private final String simulation;
   private final Target target;
   private final int maxConnections;
   private final Summary summary;
   private final Map<String, Object> settings = new LinkedHashMap<>();
   private final List<StepResult> gated = new ArrayList<>();
   private final RunGates gates = new RunGates(options(() -> GateOptions.from(Options.fromSystem())));
   private final long startedAt = System.currentTimeMillis();
   private EmbeddedMariaDb embedded;
   private Database database;
   private RunFolder folder;
   private String state = "running";
   private int plannedSteps;
   private Runnable closeUnfinished = () -> { };
   private int startedSteps;
   private int finishedSteps;
   private Path baseline;
   private String gatlingReport;

   public Lab(String simulation, Target target, int maxConnections, Summary summary) {
      this.simulation = simulation;
      this.target = target;
      this.maxConnections = maxConnections;
      this.summary = summary;
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

   /**
    * @param steps           how many steps the run has
    * @param closeUnfinished run as the run ends: stops every step that has not ended (the run was cut short) and
    *                        reports what it measured with {@link #stepFinished}
    */
   public void plan(int steps, Runnable closeUnfinished) {
      plannedSteps = steps;
      this.closeUnfinished = closeUnfinished;
   }

   /** Creates or checks a table the simulation needs, as the lab starts. */
   @FunctionalInterface
   public interface Schema {
      /** @return what it found or did, such as "100000 rows reused" */
      String ensure(Database database, Connection connection) throws SQLException;
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

   /** Creates the results folder, starts or reaches the database and ensures the named table. */
   public synchronized void start(String tableName, Schema table) {
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
         String tableState = table.ensure(database, c);
         long t2 = System.nanoTime();
         settings.put("database", server);
         settings.put("driver", Database.describeDriver(c));
         settings.put("url", database.safeUrl());
         settings.put("table " + tableName, tableState);
         System.out.printf(Locale.ROOT, "jdbc-pool-lab: %s at %s (ready in %.1f s; table %s %s in %.1f s)%n",
               server, database.safeUrl(), (t1 - t0) / 1e9, tableName, tableState, (t2 - t1) / 1e9);
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

   /** Counts a step in and prints its first line. */
   public synchronized void stepStarted(String line) {
      startedSteps++;
      progress(line);
   }

   /** Prints a line of the current step, "[step/steps] line", with the database password masked. */
   public synchronized void progress(String line) {
      System.out.printf(Locale.ROOT, "[%d/%d] %s%n", startedSteps, plannedSteps,
            database == null ? line : database.redact(line));
   }

   /** Prints the step's last line and rewrites the summaries, which the simulation has just updated. */
   public synchronized void stepFinished(String line) {
      finishedSteps++;
      progress(line);
      writeSummary();
   }

   /**
    * As {@link #stepFinished(String)}, for a step the gates check; returns their verdicts, for Gatling to log as
    * requests.
    */
   public synchronized List<Outcome> stepFinished(String line, StepResult step) {
      gated.add(step);
      List<GateResult> checked = gates.check(step);
      finishedSteps++;
      progress(line);
      checked.stream().filter(g -> !g.passed()).forEach(g -> progress("gate FAILED: " + g.verdict()));
      writeSummary();
      return RunGates.requests(checked);
   }

   /** The gates as Gatling assertions (see {@link RunGates#assertions}); call after {@link #plan}. */
   public List<Assertion> assertions() {
      return gates.assertions(plannedSteps);
   }

   /** After the last step: final summaries, the tables, where everything is, and the server stopped. */
   public synchronized void finish() {
      if (!"running".equals(state)) {
         return;
      }
      closeUnfinished.run();
      state = finishedSteps == plannedSteps && summary.complete() ? "complete" : "incomplete";
      if (folder != null) {
         Optional<Path> gatling = gatlingRunFolder();
         gatling.ifPresent(dir -> gatlingReport = folder.dir().toAbsolutePath()
               .relativize(dir.resolve("index.html").toAbsolutePath()).toString().replace('\\', '/'));
         writeSummary();
         System.out.println();
         System.out.print(markdown(false));
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
      try {
         Optional<Path> page = summary.page(folder.dir(), baseline);
         RunIndex.write(resultsRoot());
         return page;
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
      json.putAll(summary.json());
      gates.addTo(json);
      Json.write(folder.file("summary.json"), json);
      AtomicFile.write(folder.file("summary.csv"), summary.csv().csv());
      AtomicFile.write(folder.file("summary.md"), markdown(true));
   }

   private String markdown(boolean withSettings) {
      StringBuilder md = new StringBuilder();
      if (withSettings) {
         md.append("# ").append(simulation).append(" (").append(state).append(")\n\n");
         settings.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
         md.append('\n');
      }
      md.append(summary.tables(withSettings, settings));
      Map<String, Long> errors = new LinkedHashMap<>();
      summary.failures().forEach((m, n) -> errors.merge(database.redact(m), n, Long::sum));
      if (!errors.isEmpty()) {
         md.append("## Failures\n\n");
         errors.forEach((m, n) -> md.append("- ").append(n).append(" × ").append(m).append('\n'));
         md.append('\n');
      }
      md.append(gates.report(gated, withSettings));
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
