package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

import java.util.regex.Pattern;

/**
 * Turns exception messages into stable labels, so that one kind of failure is one row in an error table: counts,
 * durations, ids and addresses that change with every occurrence are replaced by placeholders.
 */
public final class ErrorMessages {
   private static final int MAX = 200;
   private static final Pattern HIKARI_STATS = Pattern.compile("\\(total=\\d+, active=\\d+, idle=\\d+, waiting=\\d+\\)");
   private static final Pattern DURATION = Pattern.compile("\\b\\d+(\\.\\d+)?\\s*(ms|milliseconds|s|seconds)\\b");
   /** java.time's Duration as DBCP2 prints its maxWaitDuration: PT1.999996223S. */
   private static final Pattern ISO_DURATION = Pattern.compile("\\bPT(?=\\d)(\\d+H)?(\\d+M)?(\\d+(\\.\\d+)?S)?\\b");
   private static final Pattern NUMBER = Pattern.compile("\\b\\d+\\b");
   private static final Pattern HEX_ID = Pattern.compile("@[0-9a-f]{4,}");
   /** Oracle's thin driver tags every failed connection attempt with its own id. */
   private static final Pattern ORACLE_CONNECTION_ID = Pattern.compile("\\(CONNECTION_ID=[^)]*\\)");
   /** MySQL Connector/J's explanation after "Communications link failure", which differs with timing only. */
   private static final Pattern DRIVER_CHATTER = Pattern.compile(
         "\\s*(The last packet[^.]*\\.|The driver has not received any packets from the server\\.)");

   private ErrorMessages() {
   }

   public static String normalise(Throwable error) {
      return normalise(describe(error));
   }

   /** One line: the exception's class and message, and its root cause when that says more; passwords masked. */
   public static String describe(Throwable error) {
      String text = error.getClass().getSimpleName() + ": " + error.getMessage();
      String root = rootMessage(error);
      if (error.getMessage() == null) {
         text = error.getClass().getSimpleName() + ": " + root;
      } else if (!error.getMessage().contains(root)) {
         text += " (cause: " + root + ")";
      }
      String s = DRIVER_CHATTER.matcher(Redactor.text(text)).replaceAll("").replaceAll("\\s+", " ").trim();
      return s.length() > 2 * MAX ? s.substring(0, 2 * MAX) + "…" : s;
   }

   public static String normalise(String message) {
      String s = HIKARI_STATS.matcher(Redactor.text(message)).replaceAll("(pool state)");
      s = DRIVER_CHATTER.matcher(s).replaceAll("");
      s = DURATION.matcher(s).replaceAll("N $2");
      s = ISO_DURATION.matcher(s).replaceAll("PTNS");
      s = HEX_ID.matcher(s).replaceAll("@ID");
      s = ORACLE_CONNECTION_ID.matcher(s).replaceAll("(CONNECTION_ID=ID)");
      s = NUMBER.matcher(s).replaceAll("N");
      s = s.replaceAll("\\s+", " ").trim();
      return s.length() > MAX ? s.substring(0, MAX) + "…" : s;
   }

   /** The message of the deepest cause that has one; the class name when none has. */
   public static String rootMessage(Throwable error) {
      String message = null;
      for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
         if (t.getMessage() != null && !t.getMessage().isBlank()) {
            message = t.getMessage();
         }
      }
      return message != null ? message : error.getClass().getSimpleName();
   }
}
