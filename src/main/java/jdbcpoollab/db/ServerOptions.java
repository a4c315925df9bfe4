package jdbcpoollab.db;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.options.Options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code -Ddb.serverOption=name=value[,name=value…]}: server variables for the embedded MariaDB, passed as
 * {@code --name=value} after the lab's own (so {@code max_connections} given here wins). Names are checked against
 * the variables that bear on connections and threads before any server starts; a value the server refuses is
 * reported by the server's start.
 */
public final class ServerOptions {
   public static final String OPTION = "db.serverOption";

   /** The variables a run may set: those that decide how the server takes connections and runs their threads. */
   public static final List<String> KNOWN = List.of(
         "thread_handling", "thread_pool_size", "thread_pool_max_threads", "thread_pool_oversubscribe",
         "thread_pool_stall_limit", "thread_pool_idle_timeout", "thread_pool_priority", "thread_cache_size",
         "max_connections", "max_user_connections", "extra_max_connections", "back_log", "connect_timeout",
         "wait_timeout", "innodb_thread_concurrency", "innodb_lock_wait_timeout", "innodb_buffer_pool_size",
         "table_open_cache", "max_prepared_stmt_count");
   private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9_.+\\-]+");

   private ServerOptions() {
   }

   /** The options as given, in order, each {@code name=value}; empty when none. */
   public static Map<String, String> from(Options options) {
      String raw = options.string(OPTION, null);
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
         parsed.put(name, value);
      }
      return parsed;
   }

   /** As the server's command line takes them. */
   public static List<String> arguments(Map<String, String> options) {
      List<String> args = new ArrayList<>();
      options.forEach((name, value) -> args.add("--" + name.replace('_', '-') + "=" + value));
      return args;
   }
}
