package jdbcpoollab.run;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.FaultProxy;
import jdbcpoollab.db.RunDatabase;
import jdbcpoollab.db.ServerActivity;
import jdbcpoollab.db.ServerProcess;
import jdbcpoollab.files.Json;
import jdbcpoollab.load.DatabaseWatch;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.measure.StepResult;
import jdbcpoollab.options.Options;
import jdbcpoollab.redact.RunLog;
import jdbcpoollab.report.Table;
import jdbcpoollab.results.RunRecord;
import jdbcpoollab.settings.Environment;
import jdbcpoollab.workloads.Workload;
import jdbcpoollab.options.JvmFacts;
import jdbcpoollab.options.LabProperties;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import jdbcpoollab.runoptions.GateOptions;
import jdbcpoollab.runoptions.ForeignOptions;

/**
 * The run around a simulation, as its engine sees it: the database ({@link RunDatabase}), the run folder and
 * summary.json ({@link RunRecord}), every line on the console ({@link Console}), the steps and their gates
 * ({@link Steps}) and how the run ends ({@link RunEnd}: one line and an exit code, listed in the README, finished
 * steps kept). Its step methods hold the run's one lock, its end's.
 */
public final class Lab {
   /** The file a run names its folder in, for the script that started it (the repository's {@code ./lab}). */
   public static final String RUN_FOLDER_FILE = LabProperties.RUN_FOLDER_FILE;
   private final RunGates gates;
   private final RunDatabase db;
   private final Console console;
   private final RunRecord record;
   private final Steps steps;
   private final RunEnd end;
   private final Duration recoverWithin;
   private final Path baseline;
   private Environment environment;
   private DatabaseWatch watch;
   private boolean accountSaid;

   /**
    * @param options the options the simulation has read its own from: the gates are read from them too, then any
    *                other option that looks meant for the lab (a misspelt name) ends the run
    *                ({@link Options#rejectUnknown})
    * @param plan    the run, whole
    */
   public Lab(Options options, RunPlan plan) {
      String simulation = plan.simulation();
      this.gates = new RunGates(Exit.options(() -> GateOptions.from(options).fitting(simulation,
            Json.toMap(plan.settings()))));
      Exit.options(() -> {
         ForeignOptions.rejectAllBut(simulation, options);
         return null;
      });
      recoverWithin = plan.recoverWithin();
      baseline = plan.baseline();
      db = new RunDatabase(plan.common().target(), plan.maxConnections());
      db.serverOptions(plan.common().serverOptions());
      console = new Console(db::redact);
      record = new RunRecord(plan.common().results(), simulation, plan.settings(), plan.summary(), gates::addTo,
            this::gatesReport, db::redact, why -> console.warn(why + "; the results there keep "
            + "their last complete state (exit code " + Exit.RESULTS_LOST + " at the end)"));
      steps = new Steps(simulation, gates, console, record);
      steps.plan(plan.steps());
      steps.warmupPerStep(plan.warmupPerStep());
      end = new RunEnd(new RunEnd.Parts(record, db, console, steps), plan, this::writePage);
   }

   /** Tells a lost database from a busy one, for the steps; null before {@link #start}. */
   public DatabaseWatch watch() {
      return watch;
   }

   /**
    * Creates the results folder, starts or reaches the database and ensures the named table. Each failure ends the
    * run here, before any load, with one line and its own exit code.
    */
   public void start(String tableName, Schema table) {
      try {
         record.create(LocalDateTime.now());
      } catch (IllegalStateException e) {
         throw Exit.now(Exit.RESULTS_NOT_WRITABLE, e.getMessage());
      }
      try {
         RunLog.writeTo(record.dir());
      } catch (IOException e) {
         console.warn("cannot write " + RunLog.FILE + " in " + record.dir() + ": " + e.getMessage());
      }
      record.markKilled(console::warn).forEach(dir -> console.say("marked " + dir.getFileName()
            + " killed: its JVM ended while it was running"));
      Exit.owner().started(end::shutdown, end::exitCode);
      String runFolderFile = LabProperties.runFolderFile();
      if (!runFolderFile.isBlank()) {
         try {
            record.nameIn(Path.of(runFolderFile));
         } catch (UncheckedIOException e) {
            throw end.failed(Exit.RESULTS_NOT_WRITABLE, "cannot write -D" + RUN_FOLDER_FILE + "=" + runFolderFile
                  + ": " + e.getMessage());
         }
      }
      Database database = new DatabaseStart(db, console, end, this::environment).start(tableName, table);
      watch = new DatabaseWatch(database, recoverWithin, line -> {
         synchronized (end) {
            steps.watchLine(line);
         }
      });
      environment(connected -> connected.client(Runtime.getRuntime().availableProcessors(),
            JvmFacts.javaVersion(), gates.any() ? gates.describe() : null));
      console.say("results go to " + record.dir().toAbsolutePath());
      boolean written;
      synchronized (end) {
         written = record.write();
      }
      if (!written) {
         throw end.failed(Exit.RESULTS_NOT_WRITABLE, "cannot write the results in " + record.dir());
      }
   }

   /** Changes the run's environment and records it. */
   private void environment(UnaryOperator<Environment> change) {
      synchronized (end) {
         environment = change.apply(environment);
         record.environment(environment);
      }
   }

   /** Runs one operation of {@code workload} before any load (see {@link FirstOperation}). */
   public void tryOnce(Workload workload) {
      if (workload.readOnly()) {
         readOnly();
      }
      FirstOperation.run(workload, database(), end);
   }

   /** A run that must not write: on a server of the user's, says once whether the lab's account can write there. */
   public synchronized void readOnly() {
      if (!accountSaid && !db.embedded()) {
         accountSaid = true;
         console.say(AccountWrites.line(database()));
      }
   }

   /** Ends the run before its load with one line and {@code code}; its summary.json says why. */
   public LabExit failed(int code, String message) {
      return end.failed(code, message);
   }

   /** What the database server is doing, for a step to sample: the embedded server's process CPU, else its count. */
   public ServerActivity serverActivity() {
      return db.activity();
   }

   /** The database server's process on this machine, whose CPU a step counts apart; unknown when not found. */
   public ServerProcess serverProcess() {
      return db.serverProcess();
   }

   public Database database() {
      return db.database();
   }

   /**
    * The database as seen across a network with the given round trip: through a latency-injecting proxy on
    * loopback, opened on first use and closed with the run; the database itself for 0.
    */
   public Database database(int rttMs) {
      return db.database(rttMs);
   }

   /** The proxy that makes the database misbehave, opened on first use and closed with the run. */
   public FaultProxy faultProxy() {
      return db.faultProxy();
   }

   /** The run's lines that are not a step's, such as a warning before the load. */
   public Console console() {
      return console;
   }

   /** A step chosen while the run goes (a search's, settling's) joins the planned ones, just before it starts. */
   public void stepAdded() {
      synchronized (end) {
         steps.plan(steps.planned() + 1);
      }
   }

   /** Counts a step in and prints its first line. */
   public void stepStarted(String line) {
      stepStarted(line, 0);
   }

   /** As {@link #stepStarted(String)}, for a step whose source took {@code openNanos} to open just before now. */
   public void stepStarted(String line, long openNanos) {
      synchronized (end) {
         steps.started(line, openNanos);
      }
   }

   /** Adds or replaces a table of the run and rewrites the summaries. */
   public void section(String key, String title, Table table, List<Map<String, Object>> rows, String note) {
      synchronized (end) {
         record.section(key, title, table, rows, note);
      }
   }

   /**
    * Prints a line of the current step, "[step/steps] line", with the database password masked; none once the run
    * is interrupted, whose line stays the last (users still running while the JVM ends would print more).
    */
   public void progress(String line) {
      synchronized (end) {
         steps.progress(line);
      }
   }

   /** Prints the step's last line and rewrites the summaries, which the simulation has just updated. */
   public void stepFinished(String line) {
      synchronized (end) {
         steps.finished(line);
      }
   }

   /** As {@link #stepFinished(String)}, for a step {@code label} cut short: {@code whyIncomplete} said and recorded. */
   public void stepFinished(String line, String label, String whyIncomplete) {
      synchronized (end) {
         steps.finished(line, label, whyIncomplete);
      }
   }

   /**
    * As {@link #stepFinished(String)}, for a step the gates check; returns their verdicts, for Gatling to log as
    * requests.
    */
   public List<Outcome> stepFinished(String line, StepResult step) {
      return stepFinished(line, step, "cut short");
   }

   /**
    * As {@link #stepFinished(String, StepResult)}, naming why the step is incomplete when it is.
    *
    * @param whyIncomplete shown with a step that did not measure its whole window
    */
   public List<Outcome> stepFinished(String line, StepResult step, String whyIncomplete) {
      synchronized (end) {
         return steps.finished(line, step, whyIncomplete);
      }
   }

   /** The gates as Gatling assertions (see {@link RunGates#assertions}). */
   public List<Assertion> assertions() {
      return steps.assertions();
   }

   /**
    * After the last step: final summaries, the tables, where everything is, and the server stopped. A run with
    * incomplete steps, or whose results could not all be written, exits non-zero once Gatling has written its
    * report.
    */
   public void finish() {
      if (end.finish(watch == null ? null : watch.writes().stopped())) {
         throw Exit.now(Exit.NOTHING_MEASURED, record.error());
      }
   }

   public Path folder() {
      return record.dir();
   }

   /** The run's page and the index of all runs; a failure here is reported and does not fail the run. */
   private Optional<Path> writePage() {
      try {
         return record.page(baseline);
      } catch (RuntimeException e) {
         console.warn("the report page could not be written: " + e);
         return Optional.empty();
      }
   }

   private String gatesReport(boolean markdown) {
      return steps.gatesReport(markdown);
   }
}
