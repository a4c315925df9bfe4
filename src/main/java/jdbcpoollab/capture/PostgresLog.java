package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capture from PostgreSQL's server log, written to stderr with {@code log_statement = 'all'} and
 * {@value #LINE_PREFIX} as {@code log_line_prefix}: the time as a Unix epoch with milliseconds, the backend's process
 * id. A simple-protocol statement ({@code statement: …}) and an extended-protocol one ({@code execute <name>: …}
 * followed by {@code DETAIL:  parameters: $1 = '…'}) are both read, the parameters put in as literals; a message's
 * further lines (those the server starts with a tab) are the statement's. Transactions need no prefix of their own:
 * their {@code BEGIN} and {@code COMMIT} are logged as statements.
 *
 * <p>An {@code execute} with parameters, or of a named statement (pgjdbc names one from its
 * {@code prepareThreshold}'th run on a connection), is one the application prepared. One of the unnamed statement
 * without parameters is read as text: pgjdbc sends a plain {@code Statement}'s text so too, and a prepared statement
 * without parameters looks the same until it is named.
 */
public final class PostgresLog {
   public static final String LINE_PREFIX = "%n [%p] ";
   private static final Pattern LINE = Pattern.compile("^(\\d+)\\.(\\d{3}) \\[(\\d+)\\] ([A-Z]+):  (.*)$");
   private static final Pattern STATEMENT = Pattern.compile("^(?:statement|execute (?!fetch from)([^/\\s]+)\\S*): "
         + "(.*)$", Pattern.DOTALL);
   /** The extended protocol's statement without a name: pgjdbc's until a statement's prepareThreshold'th run. */
   private static final String UNNAMED = "<unnamed>";
   private static final Pattern PARAMETERS = Pattern.compile("^parameters: (.*)$", Pattern.DOTALL);
   private static final Pattern PARAMETER = Pattern.compile("\\$(\\d+) = (NULL|'(?:[^']|'')*')");
   private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\d+)");

   private PostgresLog() {
   }

   /** The statements the log's lines hold between {@code fromMicros} and {@code toMicros} (Unix epoch µs). */
   public static Capture parse(List<String> lines, long fromMicros, long toMicros) {
      List<Entry> entries = entries(lines);
      List<CapturedStatement> statements = new ArrayList<>();
      Map<Long, Integer> pendingByPid = new HashMap<>();
      for (Entry e : entries) {
         Matcher statement = STATEMENT.matcher(e.message);
         Matcher parameters = PARAMETERS.matcher(e.message);
         if (e.level.equals("LOG") && statement.matches()) {
            if (e.micros >= fromMicros && e.micros <= toMicros) {
               pendingByPid.put(e.pid, statements.size());
               boolean named = statement.group(1) != null && !statement.group(1).equals(UNNAMED);
               statements.add(new CapturedStatement(e.pid, e.micros - fromMicros, statement.group(2), named));
            } else {
               pendingByPid.remove(e.pid);
            }
         } else if (e.level.equals("DETAIL") && parameters.matches() && pendingByPid.containsKey(e.pid)) {
            int at = pendingByPid.remove(e.pid);
            CapturedStatement s = statements.get(at);
            statements.set(at, new CapturedStatement(s.connection(), s.startMicros(),
                  bind(s.text(), parameters.group(1)), true));
         } else if (!e.level.equals("DETAIL")) {
            pendingByPid.remove(e.pid);
         }
      }
      return new Capture("postgresql", toMicros - fromMicros, statements);
   }

   /** The statements of the whole log, from its first statement's time to its last's. */
   public static Capture parse(List<String> lines) {
      List<Long> times = entries(lines).stream().map(e -> e.micros).toList();
      if (times.isEmpty()) {
         throw new CaptureException(CaptureException.Reason.INVALID, "the log holds no line with the prefix "
               + LINE_PREFIX + " (log_line_prefix must be '" + LINE_PREFIX + "')");
      }
      return parse(lines, times.get(0), times.get(times.size() - 1));
   }

   /** {@code sql} with each {@code $n} outside quotes replaced by its logged value, a quoted literal or NULL. */
   static String bind(String sql, String parameters) {
      Map<String, String> values = new HashMap<>();
      Matcher m = PARAMETER.matcher(parameters);
      while (m.find()) {
         values.put(m.group(1), m.group(2));
      }
      StringBuilder out = new StringBuilder();
      for (SqlText.Part part : SqlText.parts(sql, SqlText.Quoting.STANDARD)) {
         out.append(!part.code() ? part.text() : PLACEHOLDER.matcher(part.text()).replaceAll(
               p -> Matcher.quoteReplacement(values.getOrDefault(p.group(1), p.group()))));
      }
      return out.toString();
   }

   private record Entry(long micros, long pid, String level, String message) {
   }

   private static List<Entry> entries(List<String> lines) {
      List<Entry> entries = new ArrayList<>();
      for (String line : lines) {
         Matcher m = LINE.matcher(line);
         if (m.matches()) {
            entries.add(new Entry(Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2)) * 1_000,
                  Long.parseLong(m.group(3)), m.group(4), m.group(5)));
         } else if (line.startsWith("\t") && !entries.isEmpty()) {
            Entry last = entries.remove(entries.size() - 1);
            entries.add(new Entry(last.micros, last.pid, last.level, last.message + "\n" + line.substring(1)));
         }
      }
      return entries;
   }
}
