package jdbcpoollab.capture;

import jdbcpoollab.db.Database;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A capture from MySQL or MariaDB: the general log switched to the {@code mysql.general_log} table (beside a file
 * log that was on) for the capture's time, then read with each statement's microsecond start. This object owns the
 * server's settings for its lifetime: {@link #close()} puts {@code general_log} and {@code log_output} back as they
 * were, also after a failure or an interrupt. The rows stay in {@code mysql.general_log}.
 */
public final class MySqlGeneralLog implements AutoCloseable {
   /** MySQL's and MariaDB's "access denied" for a global variable, a table and a database. */
   private static final List<Integer> DENIED = List.of(1227, 1142, 1044, 1045, 1143);
   private final Database database;
   private final Connection connection;
   private final String generalLog;
   private final String logOutput;
   private final String since;
   private final long self;
   private long spanMicros = -1;
   private boolean restored;

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
      if (!"mysql".equals(database.dialect().name())) {
         throw new CaptureException(CaptureException.Reason.INVALID, "a general-log capture needs MySQL or MariaDB, "
               + "not " + database.dialect().name() + ": read PostgreSQL's server log instead");
      }
      Connection c = database.connect();
      MySqlGeneralLog log;
      String settings = "SELECT @@global.general_log, @@global.log_output, NOW(6), CONNECTION_ID()";
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(settings)) {
         rs.next();
         log = new MySqlGeneralLog(database, c, rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4));
         st.executeQuery("SELECT 1 FROM mysql.general_log LIMIT 0").close();
      } catch (SQLException e) {
         c.close();
         throw denied(database, e);
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

   /** Ends the capture: the server's settings restored, the capture's span noted. */
   public void stop() throws SQLException {
      if (spanMicros < 0) {
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
      try (PreparedStatement ps = connection.prepareStatement("SELECT thread_id, TIMESTAMPDIFF(MICROSECOND, ?, "
            + "event_time), argument FROM mysql.general_log WHERE event_time >= ? AND thread_id <> ? "
            + "AND command_type IN ('Query', 'Execute')")) {
         ps.setString(1, since);
         ps.setString(2, since);
         ps.setLong(3, self);
         try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
               long start = rs.getLong(2);
               if (span < 0 || start <= span) {
                  statements.add(new CapturedStatement(rs.getLong(1), start,
                        new String(rs.getBytes(3), StandardCharsets.UTF_8)));
               }
            }
         }
      } catch (SQLException e) {
         throw denied(database, e);
      }
      long last = statements.stream().mapToLong(CapturedStatement::startMicros).max().orElse(0);
      return new Capture("mysql", span >= 0 ? span : last, statements);
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
