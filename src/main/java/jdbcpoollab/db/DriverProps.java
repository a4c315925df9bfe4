package jdbcpoollab.db;

import jdbcpoollab.options.SafeText;
import jdbcpoollab.redact.Redactor;

import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Connection properties handed to the driver with every connection a step's source makes ({@code -Ddriver.props}):
 * a named set, {@code name=value} pairs, or both, carried in the URL's query so that every pool library passes them.
 *
 * @param label  how step names and the settings name the set: a named set's name, else the set as given (values of
 *               names that look like passwords masked)
 * @param values the properties, in the order given
 */
public record DriverProps(String label, Map<String, String> values) {
   /** The driver's own defaults: no property added. */
   public static final DriverProps DEFAULT = new DriverProps("default", Map.of());
   /** The named sets: HikariCP's "MySQL Configuration" page's settings, and PostgreSQL's prepared statements. */
   public static final List<DriverProps> NAMED = List.of(DEFAULT,
         named("hikari-mysql", "cachePrepStmts=true", "prepStmtCacheSize=250", "prepStmtCacheSqlLimit=2048",
               "useServerPrepStmts=true", "useLocalSessionState=true", "rewriteBatchedStatements=true",
               "cacheResultSetMetadata=true", "cacheServerConfiguration=true", "elideSetAutoCommits=true",
               "maintainTimeStats=false"),
         named("pgjdbc-prepare", "prepareThreshold=1"));
   private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");
   /** Characters that would end a value inside the URL's query or the option's own lists. */
   private static final Pattern VALUE = Pattern.compile("[^&?#;,=\\s]+");

   public DriverProps {
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
   }

   /**
    * The sets of {@code -Ddriver.props}: separated by {@code ;}, each a comma-separated list of named sets and
    * {@code name=value} pairs. Values of names that look like passwords are handed to the {@link Redactor} at once.
    *
    * @throws IllegalArgumentException saying what is wrong, without quoting any value
    */
   public static List<DriverProps> parse(String raw) {
      List<DriverProps> sets = new ArrayList<>();
      for (String set : raw.split(";", -1)) {
         DriverProps props = parseSet(set.trim());
         if (sets.stream().anyMatch(s -> s.label().equals(props.label()))) {
            throw new IllegalArgumentException("the set " + props.label() + " is given twice");
         }
         sets.add(props);
      }
      return List.copyOf(sets);
   }

   private static DriverProps parseSet(String set) {
      Map<String, String> values = new LinkedHashMap<>();
      List<String> shown = new ArrayList<>();
      for (String item : set.split(",", -1)) {
         String part = item.trim();
         int eq = part.indexOf('=');
         if (eq < 0) {
            DriverProps named = NAMED.stream().filter(n -> n.label().equals(part)).findFirst()
                  .orElseThrow(() -> new IllegalArgumentException((Redactor.secretName(part) ? "an item" : part)
                        + " is neither a named set (" + String.join(", ", NAMED.stream().map(DriverProps::label)
                        .toList()) + ") nor name=value; a set's items are separated by commas, sets by semicolons"));
            named.values().forEach((name, value) -> put(values, name, value));
            shown.add(part);
            continue;
         }
         String name = part.substring(0, eq).trim();
         String value = part.substring(eq + 1).trim();
         if (!NAME.matcher(name).matches() || !VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException("a property is name=value, the name a letter then letters, digits, "
                  + ". _ or -, the value without spaces or any of & ? # ; , =");
         }
         if (Redactor.secretName(name)) {
            Redactor.secret(value);
         } else if (!SafeText.safe(value)) {
            // a shown value becomes part of the step's name, which Gatling writes into its report's scripts
            throw new IllegalArgumentException("the value of " + name + " may hold only " + SafeText.ALLOWED
                  + " (it names the step in Gatling's report); a password's value is masked and may hold more");
         }
         put(values, name, value);
         shown.add(name + "=" + (Redactor.secretName(name) ? "***" : value));
      }
      return new DriverProps(String.join(",", shown), values);
   }

   private static void put(Map<String, String> values, String name, String value) {
      if (values.put(name, value) != null) {
         throw new IllegalArgumentException("a set names the property " + name + " twice");
      }
   }

   private static DriverProps named(String label, String... pairs) {
      Map<String, String> values = new LinkedHashMap<>();
      Arrays.stream(pairs).map(p -> p.split("=", 2)).forEach(p -> values.put(p[0], p[1]));
      return new DriverProps(label, values);
   }

   /** The properties as the settings show them, values of names that look like passwords masked. */
   public String describe() {
      return values.isEmpty() ? "the driver's defaults" : values.entrySet().stream()
            .map(e -> e.getKey() + "=" + (Redactor.secretName(e.getKey()) ? "***" : e.getValue()))
            .collect(Collectors.joining(", "));
   }

   /** {@code url} with these properties in its query, each replacing a parameter of the same name it had. */
   public String apply(String url) {
      if (values.isEmpty()) {
         return url;
      }
      List<String> query = new ArrayList<>();
      parameters(url).stream().filter(p -> !values.containsKey(p[0])).map(p -> String.join("=", p))
            .forEach(query::add);
      values.forEach((name, value) -> query.add(name + "=" + value));
      int q = url.indexOf('?');
      return (q < 0 ? url : url.substring(0, q)) + "?" + String.join("&", query);
   }

   /** The value of the parameter {@code name} in {@code url}'s query, as written there; null when it has none. */
   public static String queryValue(String url, String name) {
      return parameters(url).stream().filter(p -> p[0].equals(name)).map(p -> p.length > 1 ? p[1] : "")
            .reduce((a, b) -> b).orElse(null);
   }

   /** The parameters of {@code url}'s query in order, each its name and, after an {@code =}, its value. */
   private static List<String[]> parameters(String url) {
      int q = url.indexOf('?');
      return q < 0 ? List.of() : Arrays.stream(url.substring(q + 1).split("&")).filter(p -> !p.isEmpty())
            .map(p -> p.split("=", 2)).toList();
   }

   /**
    * The properties the driver that answers {@code url} does not list among its own (its
    * {@code getPropertyInfo}): it takes them without a word and changes nothing. Empty when no driver answers the URL.
    */
   public List<String> ignoredBy(String url) {
      try {
         Set<String> known = Arrays.stream(DriverManager.getDriver(url).getPropertyInfo(url, new Properties()))
               .map((DriverPropertyInfo info) -> info.name).collect(Collectors.toSet());
         return values.keySet().stream().filter(name -> !known.contains(name)).toList();
      } catch (SQLException e) {
         return List.of();
      }
   }
}
