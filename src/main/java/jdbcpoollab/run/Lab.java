package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.analysis.GateResult;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.EmbeddedMariaDb;
import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.db.RttProxy;
import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.db.ServerOptions;
import jdbcpoollab.db.Target;
import jdbcpoollab.files.Json;
import jdbcpoollab.results.RunFolder;
import jdbcpoollab.load.DatabaseWatch;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.redact.Redactor;
import jdbcpoollab.results.KilledRuns;
import jdbcpoollab.results.RunFiles;
import jdbcpoollab.results.RunIndex;
import jdbcpoollab.report.Summary;
import jdbcpoollab.report.Table;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.workloads.Workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The run around a simulation: the database (embedded or named by URL), the results folder, one progress line per
 * step, the gates checked as each step ends, the simulation's {@link Summary} rewritten as each step ends, and its
 * tables on the console and its page at the end. It also decides how a run ends when something goes wrong: one line
 * and an exit code (listed in the README), finished steps kept.
 */
public final class Lab {
   private static final Duration CONNECT_WITHIN = Duration.ofSeconds(10);
   private final String simulation;
   private final Target target;
   private final int maxConnections;
   private final Summary summary;
   private final Object settings;
   private Environment environment;
   private final List<StepResult> gated = new ArrayList<>();
   private final Map<String, String> incomplete = new LinkedHashMap<>();
   private final Map<String, RunFiles.Section> sections = new LinkedHashMap<>();
   private final WallTime wallTime = new WallTime();
   private final RunGates gates;
   private final long startedAt = System.currentTimeMillis();
   private EmbeddedMariaDb embedded;
   private Database database;
   private final Map<Integer, RttProxy> proxies = new LinkedHashMap<>();
   private List<String> serverOptions = List.of();
   private RunFolder folder;
   private String state = "running";
   private int plannedSteps;
   private Runnable closeUnfinished = () -> { };
   private Runnable interruptUnfinished = () -> { };
   private Duration recoverWithin = Duration.ofSeconds(10);
   private DatabaseWatch watch;
   private String error;
   private boolean writeFailed;
   private int exitCode;
   private double warmupPerStep;
   private Map<String, Object> wall;
   private boolean sweep = true;

   private int startedSteps;
   private int finishedSteps;
   private Path baseline;
   private String gatlingReport;
   /** The folder Gatling writes this run's report to, as seen while it writes its log; null until then. */
   private Path gatlingFolder;

   /**
    * @param options  the options the simulation has read its own from: the gates are read from them too, then any
    *                 other option that looks meant for the lab (a misspelt name) ends the run
    *                 ({@link Options#rejectUnknown})
    * @param settings the simulation's settings record, written first under "settings" in summary.json
    */
   public Lab(String simulation, Options options, Target target, int maxConnections, Summary summary,
              Object settings) {
      this.simulation = simulation;
      this.target = target;
      this.maxConnections = maxConnections;
      this.summary = summary;
      this.settings = settings;
      this.gates = new RunGates(Exit.options(() -> GateOptions.from(options)));
      Exit.options(() -> {
         ForeignOptions.reject(simulation, options);
         options.rejectUnknown(simulation);
         return null;
      });
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

   /**
    * @param interruptUnfinished run when the JVM ends during the run (Ctrl-C, SIGTERM): reports what the step under
    *                            way measured so far with {@link #stepFinished(String, StepResult, String)}, without
    *                            waiting for it
    */
   public void onInterrupt(Runnable interruptUnfinished) {
      this.interruptUnfinished = interruptUnfinished;
   }

   /** How long, after the database was lost, the next step waits for it to come back before giving up. */
   public void recoverWithin(Duration window) {
      recoverWithin = window;
   }

   /** Tells a lost database from a busy one, for the steps; null before {@link #start}. */
   public DatabaseWatch watch() {
      return watch;
   }

   /** The unmeasured warm-up each step spends, so the wall-time ratio can be given without it. */
   public void warmupPerStep(double seconds) {
      warmupPerStep = seconds;
   }

   /** For a run whose steps are not a pool-size sweep (Fidelity): no report page. */
   public void notASweep() {
      sweep = false;
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

   private static Path resultsRoot() {
      return Path.of(System.getProperty("lab.results", "results"));
   }

   /**
    * Creates the results folder, starts or reaches the database and ensures the named table. Each failure ends the
    * run here, before any load, with one line and its own exit code.
    */
   public void start(String tableName, Schema table) {
      try {
         folder = RunFolder.create(resultsRoot(), simulation, LocalDateTime.now());
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
      KilledRuns.mark(resultsRoot()).forEach(dir -> System.out.println("jdbc-pool-lab: marked " + dir.getFileName()
            + " killed: its JVM ended while it was running"));
      Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "lab-shutdown"));
      ParentWatch.endWithParent();
      long t0 = System.nanoTime();
      try {
         if (target.embedded()) {
            embedded = new EmbeddedMariaDb(EmbeddedMariaDb.defaultHome(), maxConnections, serverOptions);
            database = embedded.start();
         } else {
            database = new Database(target.url(), target.user(), target.password());
         }
      } catch (EmbeddedMariaDb.Busy e) {
         throw failed(Exit.BUSY, e.getMessage());
      } catch (EmbeddedMariaDb.Refused e) {
         throw failed(Exit.BAD_OPTION, "bad option -D" + ServerOptions.OPTION + ": " + e.getMessage());
      } catch (IllegalStateException e) {
         throw failed(Exit.DATABASE_UNAVAILABLE, e.getMessage());
      }
      environment = Environment.at(database.safeUrl());
      try (Connection c = database.connect(CONNECT_WITHIN)) {
         String server = database.describeServer(c);
         long t1 = System.nanoTime();
         String tableState = table.ensure(database, c);
         long t2 = System.nanoTime();
         environment = environment.connected(server, Database.describeDriver(c), tableName, tableState);
         System.out.printf(Locale.ROOT, "jdbc-pool-lab: %s at %s (ready in %.1f s; table %s %s in %.1f s)%n",
               server, database.safeUrl(), (t1 - t0) / 1e9, tableName, tableState, (t2 - t1) / 1e9);
      } catch (SQLException e) {
         throw failed(Exit.DATABASE_UNAVAILABLE, "cannot connect to the database at " + database.address() + " ("
               + database.safeUrl() + "): " + ErrorMessages.describe(e));
      }
      // the watch speaks for the step about to start, before it is counted
      watch = new DatabaseWatch(database, recoverWithin, line -> {
         synchronized (this) {
            printStepLine(startedSteps + 1, line);
         }
      });
      environment = environment.client(Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
            gates.any() ? gates.describe() : null);
      System.out.println("jdbc-pool-lab: results go to " + folder.dir().toAbsolutePath());
      if (!writeSummary()) {
         throw failed(Exit.RESULTS_NOT_WRITABLE, "cannot write the results in " + folder.dir());
      }
   }

   /**
    * Runs one operation of a workload before any load, so a statement the database rejects ends the run with one
    * line instead of a sweep of failures: exit 64 for the user's own SQL, 69 for the lab's.
    */
   public void tryOnce(Workload workload) {
      try (Connection c = database.connect()) {
         workload.prepare(c);
         c.setReadOnly(workload.readOnly());
         workload.run(c);
      } catch (SQLException e) {
         String why = database.redact(e.getMessage());
         boolean refusedAsWrite = why != null && why.toLowerCase(Locale.ROOT).matches("(?s).*read[ -]only.*");
         String readOnly = workload.readOnly() && refusedAsWrite ? " (custom statements run on read-only "
               + "connections; add -Dsql.writes=true to run one that writes)" : "";
         throw workload.usersOwn()
               ? failed(Exit.BAD_OPTION, "bad option -Dsql: " + database.productVersion() + " rejects it: " + why
                     + readOnly)
               : failed(Exit.DATABASE_UNAVAILABLE, "the " + workload.name() + " statement fails on "
                     + database.productVersion() + ": " + why);
      }
   }

   /** What the database server is doing, for a step to sample: the embedded server's process CPU, else its count. */
   public ServerActivity serverActivity() {
      EmbeddedMariaDb db = embedded;
      return ServerActivity.of(database(), db != null ? db.pid() : OptionalLong.empty());
   }

   public Database database() {
      if (database == null) {
         throw new IllegalStateException("the lab has not started");
      }
      return database;
   }

   /**
    * The database as seen across a network with the given round trip: through a latency-injecting proxy on
    * loopback, opened on first use and closed with the run; the database itself for 0.
    */
   public Database database(int rttMs) {
      Database direct = database();
      if (rttMs == 0) {
         return direct;
      }
      synchronized (proxies) {
         return proxies.computeIfAbsent(rttMs, rtt -> RttProxy.open(rtt, direct.host(), direct.port())).in(direct);
      }
   }

   /** Arguments for the embedded server ({@code name=value}), given before {@link #start}. */
   public void serverOptions(List<String> options) {
      serverOptions = List.copyOf(options);
   }

   /** Counts a step in and prints its first line. */
   public synchronized void stepStarted(String line) {
      stepStarted(line, 0);
   }

   /** As {@link #stepStarted(String)}, for a step whose source took {@code openNanos} to open just before now. */
   public synchronized void stepStarted(String line, long openNanos) {
      startedSteps++;
      if (gatlingFolder == null) {
         gatlingFolder = GatlingReport.writing(simulation).orElse(null);
      }
      wallTime.stepStarted(openNanos);
      progress(line);
   }

   /** Adds or replaces a table of the run and rewrites the summaries. */
   public synchronized void section(String key, String title, Table table, List<Map<String, Object>> rows,
                                    String note) {
      sections.put(key, new RunFiles.Section(title, table, List.copyOf(rows), note));
      writeSummary();
   }

   /**
    * Prints a line of the current step, "[step/steps] line", with the database password masked; none once the run
    * is interrupted, whose line stays the last (users still running while the JVM ends would print more).
    */
   public synchronized void progress(String line) {
      printStepLine(startedSteps, line);
   }

   private void printStepLine(int step, String line) {
      if (!"interrupted".equals(state)) {
         System.out.printf(Locale.ROOT, "[%d/%d] %s%n", step, plannedSteps,
               database == null ? line : database.redact(line));
      }
   }

   /** Prints the step's last line and rewrites the summaries, which the simulation has just updated. */
   public synchronized void stepFinished(String line) {
      finishedSteps++;
      wallTime.stepFinished(0, 0);
      progress(line);
      writeSummary();
   }

   /**
    * As {@link #stepFinished(String)}, for a step the gates check; returns their verdicts, for Gatling to log as
    * requests.
    */
   public synchronized List<Outcome> stepFinished(String line, StepResult step) {
      return stepFinished(line, step, "cut short");
   }

   /**
    * As {@link #stepFinished(String, StepResult)}, naming why the step is incomplete when it is.
    *
    * @param whyIncomplete shown with a step that did not measure its whole window
    */
   public synchronized List<Outcome> stepFinished(String line, StepResult step, String whyIncomplete) {
      gated.add(step);
      List<GateResult> checked = gates.check(step);
      finishedSteps++;
      wallTime.stepFinished(step.seconds(), warmupPerStep);
      if (!step.complete()) {
         String why = redact(whyIncomplete);
         incomplete.put(step.label(), why);
         line += " (" + why + ")";
      }
      progress(line);
      checked.stream().filter(g -> !g.passed()).forEach(g -> progress("gate FAILED: " + g.verdict()));
      writeSummary();
      return RunGates.requests(checked);
   }

   /** The gates as Gatling assertions (see {@link RunGates#assertions}); call after {@link #plan}. */
   public List<Assertion> assertions() {
      return gates.assertions(plannedSteps);
   }

   /**
    * After the last step: final summaries, the tables, where everything is, and the server stopped. A run with
    * incomplete steps, or whose results could not all be written, exits non-zero once Gatling has written its
    * report (see {@link #shutdown}).
    */
   public void finish() {
      if (endRun()) {
         throw Exit.now(Exit.NOTHING_MEASURED, error);
      }
   }

   /** As {@link #finish}, holding the lock; true when nothing was measured and the run must end with one line. */
   private synchronized boolean endRun() {
      if (!"running".equals(state)) {
         return false;
      }
      closeUnfinished.run();
      // a step cut short (database lost, pool not opened) is incomplete whatever it measured: exit 3, as before
      if (folder != null && !gated.isEmpty() && gated.stream().allMatch(s -> s.complete() && s.ok() + s.ko() == 0)) {
         endWithNothingMeasured();
         return true;
      }
      List<String> unsuccessful = gated.stream().filter(s -> s.complete() && s.ok() == 0).map(StepResult::label)
            .toList();
      unsuccessful.forEach(label -> incomplete.putIfAbsent(label, "no successful operation inside the window"));
      boolean allDone = finishedSteps == plannedSteps && summary.complete() && unsuccessful.isEmpty();
      state = allDone ? "complete" : "incomplete";
      if (finishedSteps < plannedSteps) {
         incomplete.put((plannedSteps - finishedSteps) + " step(s) never started", "the run ended first");
      }
      if (folder != null) {
         Optional<Path> gatling = gatlingFolder != null ? Optional.of(gatlingFolder)
               : GatlingReport.newest(simulation, startedAt);
         gatling.ifPresent(dir -> gatlingReport = folder.dir().toAbsolutePath()
               .relativize(dir.resolve("index.html").toAbsolutePath()).toString().replace('\\', '/'));
         wall = wallTime.toMap();
         writeSummary();
         System.out.println();
         System.out.print(RunFiles.markdown(contents(), false));
         if (!gated.isEmpty()) {
            System.out.println("jdbc-pool-lab: " + WallTime.line(wall, gated.size()));
         }
         if (gates.verdict() != null) {
            System.out.println(gates.verdict());
         }
         if (!incomplete.isEmpty()) {
            System.out.println("jdbc-pool-lab: " + incomplete.size() + " of " + plannedSteps
                  + " steps INCOMPLETE:");
            incomplete.forEach((name, why) -> System.out.println("  " + name + ": " + why));
         }
         System.out.println("jdbc-pool-lab: run folder " + folder.dir().toAbsolutePath());
         gatling.ifPresent(dir -> System.out.println(
               "jdbc-pool-lab: Gatling report " + dir.resolve("index.html").toAbsolutePath()));
         writePage().ifPresent(page -> System.out.println("jdbc-pool-lab: report " + page.toAbsolutePath()));
         exitCode = writeFailed ? Exit.RESULTS_LOST : allDone ? 0
               : unsuccessful.isEmpty() ? Exit.INCOMPLETE : Exit.NOTHING_MEASURED;
         if (exitCode != 0) {
            System.out.println("jdbc-pool-lab: the run will exit with code " + exitCode + " after Gatling's report ("
                  + (writeFailed ? "results could not all be written" : unsuccessful.isEmpty() ? "incomplete steps"
                  : "no successful operation in " + String.join(", ", unsuccessful)) + ")");
         }
      }
      stopDatabase();
      recordExitCode();
      return false;
   }

   /**
    * No operation ended inside any window (a window shorter than one statement): there is nothing to report, and
    * Gatling, having no request to report either, would end with a stack trace. The run ends here instead, with one
    * line (printed by {@link #finish}), state "failed" and no report to link.
    */
   private void endWithNothingMeasured() {
      state = "failed";
      error = "no operation ended inside any measured window of " + gated.size() + " step(s): each statement takes "
            + "longer than -Dseconds; give a longer window or a shorter statement";
      wall = wallTime.toMap();
      writeSummary();
      writePage();
      stopDatabase();
      exitCode = Exit.NOTHING_MEASURED;
      recordExitCode();
   }

   public Path folder() {
      return folder.dir();
   }

   /**
    * The JVM is ending. During a run (Ctrl-C, SIGTERM, or a System.exit elsewhere) the finished steps and the one
    * under way are written, marked "interrupted", and the embedded server is stopped. After a finished run whose
    * exit code is not 0, the JVM is halted with that code: Gatling has written its report by then and asked for
    * exit code 0, and a shutdown hook is the only place left to change it.
    */
   private void shutdown() {
      int code;
      boolean interrupted = false;
      synchronized (this) {
         if ("running".equals(state) && folder != null) {
            interrupted = true;
            interruptUnfinished.run();
            state = "interrupted";
            writeSummary();
            writePage();
         }
         code = exitCode;
      }
      stopDatabase();
      if (interrupted) { // last, after the server's own lines
         System.err.println("jdbc-pool-lab: run interrupted; finished steps are in " + folder.dir().toAbsolutePath());
      }
      if (code != 0 && !Exit.inTestJvm()) {
         System.out.flush();
         System.err.flush();
         Runtime.getRuntime().halt(code);
      }
   }

   /** Ends the run before its load, leaving a summary that says why. */
   private Exit.LabExit failed(int code, String message) {
      synchronized (this) {
         state = "failed";
         error = Redactor.text(message);
         writeSummary();
      }
      stopDatabase();
      return Exit.now(code, message);
   }

   private void stopDatabase() {
      List<RttProxy> open;
      synchronized (proxies) {
         open = new ArrayList<>(proxies.values());
         proxies.clear();
      }
      open.forEach(RttProxy::close);
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
         Optional<Path> page = summary.page(folder.dir(), baseline);
         RunIndex.write(resultsRoot());
         return page;
      } catch (RuntimeException e) {
         System.err.println("jdbc-pool-lab: the report page could not be written: " + e);
         return Optional.empty();
      }
   }

   /**
    * Rewrites the summaries, each through a temporary file and a rename. When that fails (disk full) the files keep
    * their last complete state, the run goes on, and it will exit with {@link #Exit.RESULTS_LOST}.
    */
   private boolean writeSummary() {
      try {
         RunFiles.write(folder, contents());
         return true;
      } catch (UncheckedIOException e) {
         if (!writeFailed) {
            writeFailed = true;
            System.err.println("jdbc-pool-lab: " + e.getMessage() + "; the results there keep their last complete "
                  + "state (exit code " + Exit.RESULTS_LOST + " at the end)");
         }
         return false;
      }
   }

   /** The run as its files show it now: settings first, then where it ran. */
   private RunFiles.Contents contents() {
      Map<String, Object> shown = new LinkedHashMap<>(Json.toMap(settings));
      if (environment != null) {
         shown.putAll(Json.toMap(environment));
      }
      Map<String, Object> gatesJson = new LinkedHashMap<>();
      gates.addTo(gatesJson);
      return new RunFiles.Contents(simulation, state, error, shown, gatlingReport, summary, incomplete, wall,
            sections, gatesJson, markdown -> gates.report(gated, markdown), this::redact);
   }

   /** Writes the exit code to {@code -Dlab.exitCodeFile} when a test that runs Gatling in its own JVM asks for it. */
   private void recordExitCode() {
      String file = System.getProperty("lab.exitCodeFile");
      if (file != null) {
         try {
            Files.writeString(Path.of(file), Integer.toString(exitCode));
         } catch (IOException e) {
            System.err.println("jdbc-pool-lab: cannot write the exit code to " + file + ": " + e);
         }
      }
   }

   private String redact(String text) {
      return database != null ? database.redact(text) : Redactor.text(text);
   }


}
