package jdbcpoollab.db;

import jdbcpoollab.options.Declared;
import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code -Ddb.serverOption=name=value[,name=value…]}: server variables for the embedded MariaDB, passed as
 * {@code --name=value} after the lab's own (so {@code max_connections} given here wins). Names are checked against
 * the variables that bear on connections and threads before any server starts; the values by the server binary
 * ({@link EmbeddedMariaDb#checkArguments}), in Maven's preflight and again before the server starts.
 */
public final class ServerOptions {
   public static final String OPTION = Declared.DB_SERVER_OPTION.name();

   /** The variables a run may set: those that decide how the server takes connections and runs their threads. */
   public static final List<String> KNOWN = List.of(
         "thread_handling", "thread_pool_size", "thread_pool_max_threads", "thread_pool_oversubscribe",
         "thread_pool_stall_limit", "thread_pool_idle_timeout", "thread_pool_priority", "thread_cache_size",
         "max_connections", "max_user_connections", "extra_max_connections", "back_log", "connect_timeout",
         "wait_timeout", "innodb_thread_concurrency", "innodb_lock_wait_timeout", "innodb_buffer_pool_size",
         "table_open_cache", "max_prepared_stmt_count");
   private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9_.+\\-]+");
   private static final Pattern SIZE = Pattern.compile("(\\d+)([kmgtpe]?)");

   private ServerOptions() {
   }

   /** The options as given, in order, each {@code name=value}; empty when none. */
   public static Map<String, String> from(Options options) {
      String raw = options.read(Declared.DB_SERVER_OPTION);
      Map<String, String> parsed = new LinkedHashMap<>();
      if (raw == null || raw.isBlank()) {
         return parsed;
      }
      String known = " (name=value, comma-separated; known names: " + String.join(", ", KNOWN) + ")";
      for (String part : raw.split(",", -1)) {
         int eq = part.indexOf('=');
         String name = eq < 0 ? part.trim() : part.substring(0, eq).trim().replace('-', '_');
         String value = eq < 0 ? "" : part.substring(eq + 1).trim();
         if (!KNOWN.contains(name)) {
            throw new OptionException("bad option -D" + OPTION + "=" + raw + ": unknown server variable '" + name
                  + "'" + known);
         }
         if (!VALUE.matcher(value).matches()) {
            throw new OptionException("bad option -D" + OPTION + "=" + raw + ": " + name
                  + " needs a value of letters, digits, _ . + or -" + known);
         }
         if (parsed.put(name, value) != null) {
            throw new OptionException("bad option -D" + OPTION + "=" + raw + ": " + name + " is given twice; give "
                  + "each variable once");
         }
      }
      return parsed;
   }

   /**
    * The values the running server has for the given variables, by name, as it reports them: it may differ from
    * what was asked (MariaDB raises a {@code max_connections} below 10 to 10 without a word).
    */
   public static Map<String, String> inEffect(Connection connection, Set<String> names) throws SQLException {
      Map<String, String> values = new LinkedHashMap<>();
      try (Statement st = connection.createStatement()) {
         for (String name : names) {
            if (!KNOWN.contains(name)) {
               throw new IllegalArgumentException("not a server variable of the lab: " + name);
            }
            try (ResultSet rs = st.executeQuery("SELECT @@GLOBAL." + name)) {
               values.put(name, rs.next() ? rs.getString(1) : null);
            }
         }
      }
      return values;
   }

   /**
    * True when the server runs with the value asked for: the same text ignoring case and {@code -} for {@code _}
    * ({@code pool-of-threads}), or the same size ({@code 128M} and {@code 134217728}).
    */
   public static boolean same(String asked, String running) {
      if (running == null) {
         return false;
      }
      String a = asked.toLowerCase(Locale.ROOT).replace('-', '_');
      String r = running.toLowerCase(Locale.ROOT).replace('-', '_');
      return a.equals(r) || (bytes(a) != null && bytes(a).equals(bytes(r)));
   }

   /** A size as the server takes it ({@code 512}, {@code 64K}, {@code 128M}, {@code 1G}), in bytes; else null. */
   private static BigInteger bytes(String value) {
      Matcher m = SIZE.matcher(value);
      if (!m.matches()) {
         return null;
      }
      int shift = m.group(2).isEmpty() ? 0 : 10 * ("kmgtpe".indexOf(m.group(2)) + 1);
      return new BigInteger(m.group(1)).shiftLeft(shift);
   }

   /** As the server's command line takes them. */
   public static List<String> arguments(Map<String, String> options) {
      List<String> args = new ArrayList<>();
      options.forEach((name, value) -> args.add("--" + name.replace('_', '-') + "=" + value));
      return args;
   }
}
