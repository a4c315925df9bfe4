package jdbcpoollab.db;

import jdbcpoollab.redact.Redactor;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Turns exception messages into stable labels, so that one kind of failure is one row in an error table: counts,
 * durations, ids and addresses that change with every occurrence are replaced by placeholders. The first message of
 * each label is kept as it was (passwords masked, length capped), since the numbers a label hides may be the evidence
 * (a pool's own statistics in its message): {@link #examples}.
 */
public final class ErrorMessages {
   private static final int MAX = 200;
   /** How long an example may be: a pool's statistics follow a long message. */
   static final int EXAMPLE_MAX = 1000;
   /** How many labels keep an example; past it, new labels are still counted but have none. */
   static final int EXAMPLES_KEPT = 500;
   private static final Map<String, String> EXAMPLES = new ConcurrentHashMap<>();
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

   /** The label of the error; the first error of each label is kept whole as its example. */
   public static String normalise(Throwable error) {
      String label = normalise(describe(error));
      if (!EXAMPLES.containsKey(label) && EXAMPLES.size() < EXAMPLES_KEPT) {
         EXAMPLES.putIfAbsent(label, describe(error, EXAMPLE_MAX));
      }
      return label;
   }

   /**
    * The first message seen of each failure that {@code keys} count, by key: a key is a label or ends with
    * {@code ": "} and a label (a step's or source's name before it). Keys without a kept example are left out.
    */
   public static Map<String, String> examples(Collection<String> keys) {
      Map<String, String> examples = new LinkedHashMap<>();
      for (String key : keys) {
         String example = EXAMPLES.get(key);
         for (int colon = key.indexOf(": "); example == null && colon >= 0; colon = key.indexOf(": ", colon + 1)) {
            example = EXAMPLES.get(key.substring(colon + 2));
         }
         if (example != null) {
            examples.put(key, example);
         }
      }
      return examples;
   }

   /** One line: the exception's class and message, and its root cause when that says more; passwords masked. */
   public static String describe(Throwable error) {
      return describe(error, 2 * MAX);
   }

   private static String describe(Throwable error, int max) {
      String text = error.getClass().getSimpleName() + ": " + error.getMessage();
      String root = rootMessage(error);
      if (error.getMessage() == null) {
         text = error.getClass().getSimpleName() + ": " + root;
      } else if (!error.getMessage().contains(root)) {
         text += " (cause: " + root + ")";
      }
      String s = DRIVER_CHATTER.matcher(Redactor.text(text)).replaceAll("").replaceAll("\\s+", " ").trim();
      return s.length() > max ? s.substring(0, max) + "…" : s;
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
