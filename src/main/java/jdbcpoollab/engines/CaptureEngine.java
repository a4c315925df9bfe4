package jdbcpoollab.engines;

import io.gatling.javaapi.core.Assertion;
import jdbcpoollab.capture.Capture;
import jdbcpoollab.capture.CaptureException;
import jdbcpoollab.capture.CaptureFile;
import jdbcpoollab.capture.MySqlGeneralLog;
import jdbcpoollab.capture.PostgresLog;
import jdbcpoollab.capture.Profile;
import jdbcpoollab.capture.ServerIdentity;
import jdbcpoollab.capture.StatementKind;
import jdbcpoollab.db.Database;
import jdbcpoollab.db.ErrorMessages;
import jdbcpoollab.gatling.PoolProtocol;
import jdbcpoollab.load.Outcome;
import jdbcpoollab.options.Options;
import jdbcpoollab.report.CaptureSummary;
import jdbcpoollab.workloads.SqlText;
import jdbcpoollab.workloads.Think;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import static jdbcpoollab.analysis.NumberText.trimmed;
import jdbcpoollab.run.Budget;
import jdbcpoollab.run.RunPlan;
import jdbcpoollab.run.Exit;
import jdbcpoollab.run.Lab;
import jdbcpoollab.run.Experiment;
import jdbcpoollab.runoptions.Seconds;
import jdbcpoollab.runoptions.CaptureOptions;

/**
 * Capture's engine: before the load, the statement log switched on (MySQL's and MariaDB's general log, to its table)
 * or checked (PostgreSQL's server log, its settings as docs/replay.md gives them); its one step reads what every
 * other connection did for {@code -Dseconds} and writes the capture file and its profile. The server's log settings
 * are put back when the step ends, fails or the run is interrupted.
 */
public final class CaptureEngine implements Experiment<CaptureOptions, CaptureEngine.Request> {
   /** The one request Gatling reports: the capture itself. */
   public static final String REQUEST = "capture";
   /** The server writes its log a moment after the statement; the capture waits this long before reading it. */
   private static final long LOG_FLUSH_MILLIS = 300;
   /** What reading the log and writing the capture file and its profile may take, after {@code -Dseconds}. */
   private static final double READ_SECONDS = 210;
   /** How often the general log's settings are read during the capture, to notice someone else switching it. */
   private static final long WATCH_MILLIS = 250;

   private final CaptureOptions options;
   private final CaptureSummary summary = new CaptureSummary();
   private final Lab lab;
   /** It opens no pool. */
   private final PoolProtocol pools = new PoolProtocol();
   private String server;
   private MySqlGeneralLog generalLog;
   private long fromMicros;

   private CaptureEngine(Options system, CaptureOptions options) {
      this.options = options;
      lab = new Lab(system, RunPlan.of("Capture", options.common(), 2, summary, options.settings())
            .steps(1, this::restore).onInterrupt(this::restore));
   }

   /** Reads Capture's options from the JVM's; bad input ends the run with one line, before anything starts. */
   public static CaptureEngine fromSystem() {
      Options system = Options.fromSystem();
      return new CaptureEngine(system, Exit.options(() -> CaptureOptions.from(system)));
   }

   /**
    * The capture's one step, which Gatling runs as one request named {@link #REQUEST}.
    *
    * @param take the log read for {@code -Dseconds}, then the capture file and its profile written
    */
   public record Request(String name, Supplier<List<Outcome>> take) {
   }

   @Override
   public CaptureOptions options() {
      return options;
   }

   @Override
   public List<Request> steps() {
      return List.of(new Request(REQUEST, this::take));
   }

   @Override
   public PoolProtocol pools() {
      return pools;
   }

   /** Before the load: the server reached and named, and its statement log on; a refusal ends the run here. */
   @Override
   public void start() {
      String product = options.target().dialect().name();
      lab.start("log", (database, c) -> {
         server = ServerIdentity.of(c, product);
         return options.source();
      });
      try {
         begin(lab.database(), product);
      } catch (CaptureException e) {
         throw lab.failed(switch (e.reason()) {
            case PRIVILEGE -> Exit.DATABASE_UNAVAILABLE;
            case BUSY -> Exit.BUSY;
            case INVALID -> Exit.BAD_OPTION;
         }, e.getMessage());
      } catch (UncheckedIOException e) {
         throw lab.failed(Exit.RESULTS_NOT_WRITABLE, e.getMessage() + ": " + e.getCause().getMessage());
      } catch (SQLException e) {
         throw lab.failed(Exit.DATABASE_UNAVAILABLE, "cannot switch the statement log on: "
               + ErrorMessages.describe(e));
      }
   }

   private synchronized void begin(Database database, String product) throws SQLException {
      if ("mysql".equals(product)) {
         generalLog = MySqlGeneralLog.start(database, lab.folder());
         generalLog.restoredLeft().forEach(lab.console()::say);
         return;
      }
      try (Connection c = database.connect(); Statement st = c.createStatement()) {
         String statement = show(st, "log_statement");
         String prefix = show(st, "log_line_prefix");
         if (!"all".equals(statement) || !PostgresLog.LINE_PREFIX.equals(prefix)) {
            throw new CaptureException(CaptureException.Reason.INVALID, "the server logs log_statement = '"
                  + statement + "' with log_line_prefix = '" + prefix + "'; a capture reads log_statement = 'all' "
                  + "with log_line_prefix = '" + PostgresLog.LINE_PREFIX + "' (ALTER SYSTEM SET both, then SELECT "
                  + "pg_reload_conf(): docs/replay.md)");
         }
      }
      fromMicros = System.currentTimeMillis() * 1000;
   }

   private static String show(Statement st, String setting) throws SQLException {
      try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
         rs.next();
         return rs.getString(1);
      }
   }

   /**
    * The capture's one step: the log read for {@code -Dseconds}, then the capture file and its profile written; the
    * server's settings put back whatever happens.
    */
   private List<Outcome> take() {
      long startMillis = System.currentTimeMillis();
      lab.stepStarted(String.format(Locale.ROOT, "capture: the %s, for %s s", options.source(),
            trimmed(options.seconds())));
      String error = null;
      try {
         if (!listen(Seconds.nanos(options.seconds()))) {
            error = "interrupted";
         } else {
            written(read());
         }
      } catch (SQLException e) {
         error = "reading the log failed: " + ErrorMessages.describe(e);
      } catch (CaptureException | IOException e) {
         error = e.getMessage();
      } finally {
         restore();
      }
      if (error != null) {
         lab.stepFinished("capture: " + error, REQUEST, error);
      }
      return List.of(new Outcome(REQUEST, startMillis, System.currentTimeMillis(), error));
   }

   /** Waits {@code nanos}, the general log's settings read every {@link #WATCH_MILLIS}; false when interrupted. */
   private boolean listen(long nanos) throws SQLException {
      MySqlGeneralLog log;
      synchronized (this) {
         log = generalLog;
      }
      long end = System.nanoTime() + nanos;
      for (long left = nanos; left > 0; left = end - System.nanoTime()) {
         if (!Think.sleep(Math.min(left, WATCH_MILLIS * 1_000_000))) {
            return false;
         }
         if (log != null) {
            log.watch();
         }
      }
      return true;
   }

   private Capture read() throws SQLException, IOException {
      MySqlGeneralLog log;
      synchronized (this) {
         log = generalLog;
      }
      if (log != null) {
         log.stop();
         return log.read();
      }
      long toMicros = System.currentTimeMillis() * 1000;
      Think.sleep(LOG_FLUSH_MILLIS * 1_000_000);
      List<String> lines = new String(Files.readAllBytes(options.log()), StandardCharsets.UTF_8).lines().toList();
      return PostgresLog.parse(lines, fromMicros, toMicros);
   }

   private void written(Capture capture) {
      CaptureFile.write(lab.folder().resolve(CaptureSummary.FILE), capture);
      Profile profile = Profile.of(capture);
      SqlText.Quoting quoting = SqlText.Quoting.of(capture.product());
      boolean writes = capture.statements().stream().anyMatch(s -> StatementKind.writes(s.text(), quoting));
      String switched = generalLog == null ? null : generalLog.switched().orElse(null);
      if (switched != null) {
         lab.console().warn(switched);
      }
      summary.taken(profile, server, writes, switched);
      lab.stepFinished(String.format(Locale.ROOT, "capture: %d requests, %d statements of %d shapes in %.1f s "
                  + "(%.1f requests/s), %d of the driver's left out; written to %s", profile.requests(),
            profile.statements(), profile.shapes().size(), capture.spanMicros() / 1e6, profile.arrivalRate(),
            profile.chatterCount(), CaptureSummary.FILE));
   }

   /** The server's log settings put back, once; run as the step ends, as the run ends and as the JVM ends. */
   private synchronized void restore() {
      if (generalLog == null) {
         return;
      }
      try {
         generalLog.close();
      } catch (SQLException e) {
         lab.console().warn("the general log's settings could not be put back: " + ErrorMessages.describe(e)
               + "; set general_log and log_output as they were by hand");
      }
   }

   @Override
   public List<Assertion> assertions() {
      return lab.assertions();
   }

   /** The run's budget: the capture's time and reading the log. */
   @Override
   public Duration maxDuration() {
      return Budget.of(1, options.seconds() + READ_SECONDS, 0);
   }

   @Override
   public void finish() {
      lab.finish();
   }
}
