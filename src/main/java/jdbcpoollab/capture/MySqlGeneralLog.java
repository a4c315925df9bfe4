package jdbcpoollab.capture;

import jdbcpoollab.db.Database;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A capture from MySQL or MariaDB: the general log switched to the {@code mysql.general_log} table (beside a file
 * log that was on) for the capture's time, then read with each statement's microsecond start. This object owns the
 * server's settings for its lifetime: {@link #close()} puts {@code general_log} and {@code log_output} back as they
 * were, also after a failure or an interrupt. The rows stay in {@code mysql.general_log}.
 *
 * <p>Given a run folder, the settings as found are written there ({@link LogState}) before anything is switched, and
 * settings a killed capture of the same server left there are put back first. Its connection holds the server's lock
 * {@value #LOCK} for the capture's time, so a second capture of the server at once is refused instead of taking the
 * first one's ON for the original. {@link #watch()} notices the log switched by someone else during the capture. An
 * {@code Execute} of the binary protocol is a statement the application prepared; a SQL-level {@code EXECUTE} the log
 * follows with the statement it ran (an {@code Execute} too) is read as that statement alone, sent as text.
 */
public final class MySqlGeneralLog implements AutoCloseable {
   /** MySQL's and MariaDB's "access denied" for a global variable, a table and a database. */
   private static final List<Integer> DENIED = List.of(1227, 1142, 1044, 1045, 1143);
   /** The server-wide lock a capture holds: one capture of a server at a time. */
   static final String LOCK = "jdbc-pool-lab capture";
   /** SQL-level {@code EXECUTE name [USING …]}, which the log follows with the statement it runs. */
   private static final Pattern SQL_EXECUTE = Pattern.compile("(?is)\\s*EXECUTE\\s+\\w+(\\s+USING\\b.*)?;?\\s*");
   /** A statement of another connection that switches the general log. */
   private static final Pattern SWITCH = Pattern.compile("(?is)\\s*SET\\s+(GLOBAL\\s+|@@global\\.)\\s*"
         + "(general_log|log_output)\\b.*");
   private final Database database;
   private final Connection connection;
   private final String generalLog;
   private final String logOutput;
   private final String since;
   private final long self;
   private final long startNanos = System.nanoTime();
   private final List<String> restoredLeft = new ArrayList<>();
   private LogState state;
   private long spanMicros = -1;
   private boolean restored;
   /** What someone else switched the log to, first seen; when, and how long it was off, in µs. */
   private String switchedTo;
   private long switchedAtMicros = -1;
   private long offSinceMicros = -1;
   private long offMicros;

   private MySqlGeneralLog(Database database, Connection connection, String generalLog, String logOutput,
         String since, long self) {
      this.database = database;
      this.connection = connection;
      this.generalLog = generalLog;
      this.logOutput = logOutput;
      this.since = since;
      this.self = self;
   }

   /** What every connection does on {@code database} during {@code duration}, the log's settings restored after. */
   public static Capture capture(Database database, Duration duration) throws SQLException, InterruptedException {
      try (MySqlGeneralLog log = start(database)) {
         Thread.sleep(duration.toMillis());
         log.stop();
         return log.read();
      }
   }

   /** Switches the general log on to the table, having noted the settings {@link #close()} restores. */
   public static MySqlGeneralLog start(Database database) throws SQLException {
      return start(database, null);
   }

   /**
    * As {@link #start(Database)}, the settings as found written to {@code runFolder} first, and those a killed
    * capture of the same server left in a folder beside it put back before they are read.
    */
   public static MySqlGeneralLog start(Database database, Path runFolder) throws SQLException {
      if (!"mysql".equals(database.dialect().name())) {
         throw new CaptureException(CaptureException.Reason.INVALID, "a general-log capture needs MySQL or MariaDB, "
               + "not " + database.dialect().name() + ": read PostgreSQL's server log instead");
      }
      Connection c = database.connect();
      MySqlGeneralLog log;
      String settings = "SELECT @@global.general_log, @@global.log_output, NOW(6), CONNECTION_ID()";
      List<String> restoredLeft;
      try (Statement st = c.createStatement()) {
         locked(st);
         String server = ServerIdentity.of(c, "mysql");
         restoredLeft = runFolder == null ? List.of() : restoreLeft(st, server, runFolder);
         try (ResultSet rs = st.executeQuery(settings)) {
            rs.next();
            log = new MySqlGeneralLog(database, c, rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4));
         }
         log.restoredLeft.addAll(restoredLeft);
         st.executeQuery("SELECT 1 FROM mysql.general_log LIMIT 0").close();
         if (runFolder != null) {
            log.state = new LogState(server, log.generalLog, log.logOutput, runFolder.resolve(LogState.FILE));
            log.state.write();
         }
      } catch (SQLException e) {
         c.close();
         throw denied(database, e);
      } catch (RuntimeException e) {
         c.close();
         throw e;
      }
      try (Statement st = c.createStatement()) {
         String output = log.logOutput.toUpperCase();
         st.execute("SET GLOBAL log_output = '" + (output.contains("TABLE") ? output
               : output.contains("FILE") ? "FILE,TABLE" : "TABLE") + "'");
         st.execute("SET GLOBAL general_log = ON");
      } catch (SQLException e) {
         try {
            log.close();
         } catch (SQLException notRestored) {
            // refused like the switch itself: nothing was switched to restore
            e.addSuppressed(notRestored);
         }
         throw denied(database, e);
      }
      return log;
   }

   /** The server's lock {@value #LOCK} taken, or the capture refused: another one holds it. */
   private static void locked(Statement st) throws SQLException {
      try (ResultSet rs = st.executeQuery("SELECT GET_LOCK('" + LOCK + "', 0), IS_USED_LOCK('" + LOCK + "')")) {
         rs.next();
         if (rs.getInt(1) != 1) {
            throw new CaptureException(CaptureException.Reason.BUSY, "another capture (connection " + rs.getLong(2)
                  + " of this server) has the general log on; two at once would leave it on: wait for it to end, "
                  + "or KILL " + rs.getLong(2) + " on the server when its capture is gone");
         }
      }
   }

   /** The settings killed captures of {@code server} left beside {@code runFolder} put back; a line for each. */
   private static List<String> restoreLeft(Statement st, String server, Path runFolder) throws SQLException {
      List<String> lines = new ArrayList<>();
      for (LogState left : LogState.leftIn(runFolder.getParent(), server, runFolder)) {
         String found;
         try (ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
            rs.next();
            found = "general_log " + onOff(rs.getString(1)) + ", log_output " + rs.getString(2);
         }
         st.execute("SET GLOBAL general_log = " + left.generalLog());
         st.execute("SET GLOBAL log_output = '" + left.logOutput() + "'");
         left.remove();
         lines.add("put the general log back as the capture " + left.file().getParent().getFileName() + " found it "
               + "(general_log " + onOff(left.generalLog()) + ", log_output " + left.logOutput() + "); that capture "
               + "ended without putting it back (killed?) and left " + found);
      }
      return lines;
   }

   private static String onOff(String value) {
      return "1".equals(value) || "ON".equalsIgnoreCase(value) ? "ON" : "OFF";
   }

   /** One line for each killed capture's settings {@link #start(Database, Path)} put back. */
   public List<String> restoredLeft() {
      return List.copyOf(restoredLeft);
   }

   /**
    * Reads the log's settings once: a log someone else switched off (or away from its table) during the capture is
    * noted, with how long it stayed so. Call it now and then while capturing; {@link #stop()} calls it last.
    */
   public synchronized void watch() throws SQLException {
      if (spanMicros >= 0 || restored) {
         return;
      }
      String on;
      String output;
      try (Statement st = connection.createStatement();
           ResultSet rs = st.executeQuery("SELECT @@global.general_log, @@global.log_output")) {
         rs.next();
         on = rs.getString(1);
         output = rs.getString(2);
      }
      long now = (System.nanoTime() - startNanos) / 1000;
      boolean capturing = "ON".equals(onOff(on)) && output.toUpperCase(Locale.ROOT).contains("TABLE");
      if (!capturing && switchedTo == null) {
         switchedTo = "general_log " + onOff(on) + ", log_output " + output;
         switchedAtMicros = now;
      }
      if (!capturing && offSinceMicros < 0) {
         offSinceMicros = now;
      } else if (capturing && offSinceMicros >= 0) {
         offMicros += now - offSinceMicros;
         offSinceMicros = -1;
      }
   }

   /**
    * What someone else did to the log during the capture, in one sentence, once {@link #read()} has run: switched
    * off or away from the table (seen by {@link #watch()}), or a statement of another connection that switches it.
    */
   public synchronized Optional<String> switched() {
      if (switchedTo == null) {
         return Optional.empty();
      }
      long span = spanMicros >= 0 ? spanMicros : (System.nanoTime() - startNanos) / 1000;
      String how = offMicros > 0
            ? String.format(Locale.ROOT, " for about %.1f of the capture's %.1f s", offMicros / 1e6, span / 1e6) : "";
      return Optional.of(String.format(Locale.ROOT, "the general log was switched by someone else during the capture: "
            + "%s, %.1f s into it%s; what was sent while it did not log to its table is not in the capture",
            switchedTo, switchedAtMicros / 1e6, how));
   }

   /** Ends the capture: the server's settings restored, the capture's span noted. */
   public void stop() throws SQLException {
      if (spanMicros < 0) {
         watch();
         synchronized (this) {
            if (offSinceMicros >= 0) {
               offMicros += (System.nanoTime() - startNanos) / 1000 - offSinceMicros;
               offSinceMicros = -1;
            }
         }
         try (Statement st = connection.createStatement();
              ResultSet rs = st.executeQuery("SELECT TIMESTAMPDIFF(MICROSECOND, '" + since + "', NOW(6))")) {
            rs.next();
            spanMicros = rs.getLong(1);
         }
      }
      restore();
   }

   /** Every statement other connections sent since the capture started, until {@link #stop()} or now. */
   public Capture read() throws SQLException {
      long span = spanMicros;
      List<CapturedStatement> statements = new ArrayList<>();
      Map<Long, Integer> sqlExecute = new HashMap<>();
      try (PreparedStatement ps = connection.prepareStatement("SELECT thread_id, TIMESTAMPDIFF(MICROSECOND, ?, "
            + "event_time), argument, command_type FROM mysql.general_log WHERE event_time >= ? AND thread_id <> ? "
            + "AND command_type IN ('Query', 'Execute') ORDER BY event_time")) {
         ps.setString(1, since);
         ps.setString(2, since);
         ps.setLong(3, self);
         try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
               long start = rs.getLong(2);
               if (span < 0 || start <= span) {
                  long thread = rs.getLong(1);
                  String text = new String(rs.getBytes(3), StandardCharsets.UTF_8);
                  boolean binary = "Execute".equals(rs.getString(4));
                  Integer execute = sqlExecute.remove(thread);
                  if (execute != null && binary) {
                     // the SQL-level EXECUTE's expansion follows it: the statement is that, sent once, as text
                     statements.set(execute, null);
                     binary = false;
                  }
                  if ("Query".equals(rs.getString(4)) && SQL_EXECUTE.matcher(text).matches()) {
                     sqlExecute.put(thread, statements.size());
                  }
                  statements.add(new CapturedStatement(thread, start, text, binary));
                  switchedBy(text, start);
               }
            }
         }
         statements.removeIf(Objects::isNull);
      } catch (SQLException e) {
         throw denied(database, e);
      }
      long last = statements.stream().mapToLong(CapturedStatement::startMicros).max().orElse(0);
      return new Capture("mysql", span >= 0 ? span : last, statements);
   }

   /** A statement of another connection's that switches the log, noted when nothing was seen switched. */
   private synchronized void switchedBy(String text, long startMicros) {
      if (switchedTo == null && SWITCH.matcher(text).matches()) {
         switchedTo = "'" + text.strip().replaceAll("\\s+", " ") + "' from another connection";
         switchedAtMicros = startMicros;
      }
   }

   private void restore() throws SQLException {
      if (restored) {
         return;
      }
      boolean interrupted = Thread.interrupted();
      try (Connection c = connection.isClosed() ? database.connect() : null;
           Statement st = (c != null ? c : connection).createStatement()) {
         st.execute("SET GLOBAL general_log = " + generalLog);
         st.execute("SET GLOBAL log_output = '" + logOutput + "'");
         restored = true;
         if (state != null) {
            state.remove();
         }
      } finally {
         if (interrupted) {
            Thread.currentThread().interrupt();
         }
      }
   }

   /** The server's settings restored and the connection closed. */
   @Override
   public void close() throws SQLException {
      try {
         restore();
      } finally {
         connection.close();
      }
   }

   /** {@code e}, unless it says a privilege is missing: then one line that says which. */
   private static SQLException denied(Database database, SQLException e) {
      if (!DENIED.contains(e.getErrorCode())) {
         return e;
      }
      throw new CaptureException(CaptureException.Reason.PRIVILEGE, "user " + database.user() + " may not switch "
            + "the general log or read mysql.general_log: a capture needs SUPER (MySQL 8: SYSTEM_VARIABLES_ADMIN) "
            + "and SELECT on mysql.general_log (" + database.redact(e.getMessage()) + ")");
   }
}
