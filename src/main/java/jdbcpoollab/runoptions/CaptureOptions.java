package jdbcpoollab.runoptions;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.Option;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;
import jdbcpoollab.settings.CaptureSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The options of Capture, read and checked before anything is started.
 *
 * @param common  the target (a server of {@code -Ddb.url}: the embedded one has no traffic to capture)
 * @param seconds how long the statement log is read
 * @param log     PostgreSQL's server log file ({@code -Dcapture.log}); null for MySQL and MariaDB, whose general log
 *                the capture switches to a table itself
 */
public record CaptureOptions(CommonOptions common, double seconds, Path log) implements SimulationOptions {

   static final CommonOptions.Takes TAKES = CommonOptions.Takes.NONE;
   private static final Option<Double> SPAN = Declared.SECONDS.withDefault(60.0).within(1, 86_400);
   static final List<Option<?>> DECLARED = CommonOptions.declared(TAKES, List.of(SPAN, Declared.CAPTURE_LOG));

   public static CaptureOptions from(Options o) {
      CommonOptions common = CommonOptions.from(o, TAKES);
      double seconds = o.read(SPAN);
      String log = o.read(Declared.CAPTURE_LOG);
      CaptureOptions options = new CaptureOptions(common, seconds, log == null ? null : Path.of(log));
      options.validate(o);
      return options;
   }

   /** The checks across Capture's options, each read and in its bounds: each failure one line. */
   private void validate(Options o) {
      String given = o.raw(Declared.CAPTURE_LOG);
      if (target().embedded()) {
         throw new OptionException("missing option -Ddb.url: Capture reads the statement log of your own server, "
               + "not the lab's embedded one");
      }
      String product = target().dialect().name();
      if ("postgresql".equals(product)) {
         if (log == null) {
            throw new OptionException("missing option -Dcapture.log=<file>: a capture from PostgreSQL reads its "
                  + "server log, written with log_statement = 'all' (docs/replay.md)");
         }
         if (!Files.isRegularFile(log) || !Files.isReadable(log)) {
            throw Options.bad(Declared.CAPTURE_LOG, given, "a readable file, the server log PostgreSQL writes");
         }
      } else if (!"mysql".equals(product)) {
         throw new OptionException("bad option -Ddb.url: Capture reads MySQL's and MariaDB's general log or "
               + "PostgreSQL's server log, not " + product + "'s");
      } else if (log != null) {
         throw new OptionException("bad option -Dcapture.log=" + given + ": a capture from MySQL or MariaDB reads "
               + "the general log as a table; leave -Dcapture.log out");
      }
   }

   /** Where the statements come from, as the settings and the console say it. */
   public String source() {
      return log == null ? "general log (mysql.general_log)" : "server log " + log;
   }

   @Override
   public double seconds() {
      return seconds;
   }

   public CaptureSettings settings() {
      return new CaptureSettings(target().dialect().name(), seconds, source());
   }
}
