package jdbcpoollab.options;

import jdbcpoollab.redact.Redactor;
import org.apache.commons.text.similarity.LevenshteinDistance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Typed reading of {@code -Dname=value} options, each failure one line naming the option, value and what is allowed.
 * Remembers every name its readers asked for (a simulation's options, the gates, the lab's own: a run reads them all
 * through one instance), so that a misspelt option can be refused instead of silently ignored.
 */
public final class Options {
   /** Read by the lab itself (pom.xml, Lab, EmbeddedMariaDb), whatever the simulation. */
   public static final Set<String> LAB = Set.of("sim", LabProperties.HOME, LabProperties.RESULTS,
         "lab.jvmArg", LabProperties.RUN_FOLDER_FILE, LabProperties.JAVA);
   /** Set by pom.xml for Gatling and the tests, not by users. */
   private static final Set<String> INTERNAL = Set.of(LabProperties.GATLING_RESULTS, "lab.actionlint",
         "lab.mavenRepo", "lab.mavenSettings", "lab.mavenOffline");
   /** Read by Maven's plugins (Surefire's and Gatling's {@code -Djvm}), though they look like a near miss of the lab's. */
   private static final Set<String> OTHER_TOOLS = Set.of("jvm");
   private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(2);

   private final Properties properties;
   private final Map<String, String> environment;
   /** Every option name read through this instance, whichever part of the lab read it. */
   private final Set<String> asked = ConcurrentHashMap.newKeySet();
   /** The names asked for inside {@link #traced}, on the thread that traces. */
   private final ThreadLocal<Set<String>> tracing = new ThreadLocal<>();

   public Options(Properties properties, Map<String, String> environment) {
      this.properties = properties;
      this.environment = environment;
   }

   /**
    * The JVM's own options. Under {@code mvn gatling:test} the Gatling Maven plugin forks a JVM (started from its
    * {@code gatlingbooter} jar) and hands it every {@code -D} value Java-escaped: {@code 'x'} arrives as
    * {@code \'x\'}, {@code é} as {@code \u00e9}. That is undone here, so SQL and passwords arrive as typed.
    */
   public static Options fromSystem() {
      Properties system = System.getProperties();
      if (!System.getProperty("sun.java.command", "").contains("gatlingbooter")) {
         return new Options(system, System.getenv());
      }
      Properties unescaped = new Properties();
      system.stringPropertyNames().forEach(name -> unescaped.setProperty(name, unescapeJava(system.getProperty(name))));
      return new Options(unescaped, System.getenv());
   }

   /** Undoes Java string escapes: {@code \'}, {@code \"}, {@code \\}, {@code \n} and the like, {@code \u00e9}. */
   static String unescapeJava(String value) {
      StringBuilder out = new StringBuilder(value.length());
      for (int i = 0; i < value.length(); i++) {
         char c = value.charAt(i);
         if (c != '\\' || i + 1 == value.length()) {
            out.append(c);
            continue;
         }
         char next = value.charAt(++i);
         switch (next) {
            case 'b' -> out.append('\b');
            case 't' -> out.append('\t');
            case 'n' -> out.append('\n');
            case 'f' -> out.append('\f');
            case 'r' -> out.append('\r');
            case 'u' -> {
               if (i + 4 < value.length() && value.substring(i + 1, i + 5).matches("[0-9a-fA-F]{4}")) {
                  out.append((char) Integer.parseInt(value.substring(i + 1, i + 5), 16));
                  i += 4;
               } else {
                  out.append('\\').append(next);
               }
            }
            default -> out.append(next);
         }
      }
      return out.toString();
   }

   /**
    * The option's value, or {@code fallback} when it is not given. An empty value is refused rather than taken as
    * "not set": {@code -Ddb.url=$DB_URL} with the variable unset must not silently mean the embedded database.
    */
   public String string(String name, String fallback) {
      asked.add(name);
      Set<String> traced = tracing.get();
      if (traced != null) {
         traced.add(name);
      }
      String value = properties.getProperty(name);
      if (value == null) {
         return fallback;
      }
      if (value.isBlank()) {
         throw new OptionException("bad option -D" + name + "=" + ": the value is empty; give one or leave the "
               + "option out");
      }
      return value.trim();
   }

   /**
    * What {@code read} returns and the names of the options it asked for, given or not, so that a caller can tell
    * which options belong to a part of the run that is not used.
    */
   public <T> Traced<T> traced(Supplier<T> read) {
      Set<String> outer = tracing.get();
      Set<String> names = new TreeSet<>();
      tracing.set(names);
      try {
         T value = read.get();
         return new Traced<>(value, Set.copyOf(names));
      } finally {
         tracing.set(outer);
         if (outer != null) {
            outer.addAll(names);
         }
      }
   }

   /** The value of a {@link #traced} read and the option names it asked for. */
   public record Traced<T>(T value, Set<String> names) {
   }

   /** Every option name read through this instance so far. */
   public Set<String> asked() {
      return Set.copyOf(asked);
   }

   /** The value given for an option, without reading it (its name is not counted as asked); null when not given. */
   public String given(String name) {
      String value = properties.getProperty(name);
      return value == null ? null : Redactor.url(value);
   }

   /** The value of a declared option, its default when not given. */
   @SuppressWarnings("unchecked")
   public <T> T read(Option<T> option) {
      String name = option.name();
      Object fallback = option.fallback();
      Object value = switch (option.kind()) {
         case INTEGER -> integer(name, (Integer) fallback, (int) option.min(), (int) option.max(), option.more());
         case DECIMAL, ABOVE -> decimal(name, (Double) fallback, option.min(), option.max(),
               option.kind() == Option.Kind.ABOVE);
         case INTEGERS -> integers(name, option.shownOrNull(), (int) option.min(), (int) option.max(), option.more());
         case TEXT -> string(name, (String) fallback);
         case CHOICE -> choice(name, (String) fallback, option.allowed());
         case CHOICES -> choices(name, option.shownOrNull(), option.allowed());
      };
      return (T) value;
   }

   /** A declared option's value as given, trimmed, read (its name counts as asked); null when not given. */
   public String raw(Option<?> option) {
      return string(option.name(), null);
   }

   /** A declared option's value as given, not read (its name is not counted as asked); null when not given. */
   public String given(Option<?> option) {
      return given(option.name());
   }

   public String env(String name) {
      return environment.get(name);
   }

   public int integer(String name, int fallback, int min, int max) {
      return integer(name, fallback, min, max, "");
   }

   private int integer(String name, int fallback, int min, int max, String more) {
      String raw = string(name, null);
      if (raw == null) {
         return fallback;
      }
      return parseInt(name, raw, raw, min, max, more);
   }

   public double decimal(String name, double fallback, double min, double max, boolean minExclusive) {
      String raw = string(name, null);
      if (raw == null) {
         return fallback;
      }
      double value;
      try {
         value = Double.parseDouble(raw);
      } catch (NumberFormatException e) {
         throw bad(name, raw, "a number " + range(min, max, minExclusive));
      }
      if (Double.isNaN(value) || value > max || value < min || (minExclusive && value == min)) {
         throw bad(name, raw, "a number " + range(min, max, minExclusive));
      }
      return value;
   }

   /** A comma-separated list of whole numbers, each in range, without repeats. */
   public List<Integer> integers(String name, String fallback, int min, int max) {
      return integers(name, fallback, min, max, "");
   }

   /** As {@link #integers(String, String, int, int)}, a refusal saying {@code more} after the bounds. */
   private List<Integer> integers(String name, String fallback, int min, int max, String more) {
      String raw = string(name, fallback);
      List<Integer> values = new ArrayList<>();
      for (String part : raw.split(",", -1)) {
         int value = parseInt(name, raw, part.trim(), min, max, more);
         if (values.contains(value)) {
            throw bad(name, raw, "each value once");
         }
         values.add(value);
      }
      return values;
   }

   /** One name out of {@code allowed}. */
   public String choice(String name, String fallback, List<String> allowed) {
      String value = string(name, fallback);
      if (!allowed.contains(value)) {
         throw bad(name, value, "one of " + String.join(", ", allowed));
      }
      return value;
   }

   /** A comma-separated list of names out of {@code allowed}, without repeats. */
   public List<String> choices(String name, String fallback, List<String> allowed) {
      String raw = string(name, fallback);
      java.util.Set<String> values = new LinkedHashSet<>();
      for (String part : raw.split(",", -1)) {
         String value = part.trim();
         if (!allowed.contains(value) || !values.add(value)) {
            throw bad(name, raw, "a comma-separated list of " + String.join(", ", allowed) + ", each once");
         }
      }
      return List.copyOf(values);
   }

   /**
    * Refuses an option that looks meant for the lab but is not one of the names asked for so far: a dotted name
    * under a known one ({@code db.*}, {@code lab.*}, {@code driver.*}, {@code assert.*}, …), and any dotless name
    * that is a near miss of a known one ({@code -Dpool} for {@code -Dpools}, {@code -DSeconds},
    * {@code -DconnectionTimeout}). Other names belong to Maven, Surefire or the
    * JVM and are left alone.
    */
   public void rejectUnknown(String simulation) {
      Set<String> known = new TreeSet<>(asked);
      known.addAll(LAB);
      for (String name : new TreeSet<>(properties.stringPropertyNames())) {
         if (known.contains(name) || INTERNAL.contains(name) || OTHER_TOOLS.contains(name)) {
            continue;
         }
         Optional<String> nearest = known.stream().filter(k -> nearMiss(name, k))
               .min(Comparator.comparingInt(k -> distance(name, k)));
         if (nearest.isPresent() || underKnownName(name, known)) {
            String hint = nearest.map(k -> " (did you mean -D" + k + "?)").orElse("");
            boolean secret = Redactor.secretName(name) || nearest.filter(Redactor::secretName).isPresent();
            String value = secret ? "***" : Redactor.url(properties.getProperty(name));
            throw new OptionException("unknown option -D" + name + "=" + value + hint
                  + ": allowed are " + String.join(", ", known) + " (" + simulation + ")");
         }
      }
   }

   /**
    * True when {@code name} is a near miss of an option read so far: given to a simulation that does not read it, it
    * is more likely a misspelling of that simulation's own ({@code -Dpool} for PoolSweep's {@code -Dpools}) than
    * another simulation's option of that name.
    */
   public boolean nearMissOfAsked(String name) {
      return asked.stream().anyMatch(k -> !k.equals(name) && nearMiss(name, k));
   }

   /**
    * True for a dotted name whose first part is a known option or the first part of one: {@code -Ddriver.bogus},
    * {@code -Dsource.x}, {@code -Ddb.schema}, {@code -Dlab.homee}.
    */
   private static boolean underKnownName(String name, Set<String> known) {
      int dot = name.indexOf('.');
      String prefix = dot < 0 ? null : name.substring(0, dot);
      return prefix != null && known.stream().anyMatch(k -> k.equals(prefix) || k.startsWith(prefix + "."));
   }

   private static boolean nearMiss(String name, String known) {
      if (name.contains(".") != known.contains(".")) {
         return false;
      }
      String a = name.toLowerCase(Locale.ROOT);
      String b = known.toLowerCase(Locale.ROOT);
      if (a.equals(b) || (Math.min(a.length(), b.length()) >= 3 && (a.startsWith(b) || b.startsWith(a)))) {
         return true;
      }
      int distance = distance(a, b);
      return distance <= (Math.min(a.length(), b.length()) <= 4 ? 1 : 2);
   }

   /** Edit distance ignoring case, or Integer.MAX_VALUE when above 2. */
   private static int distance(String a, String b) {
      int d = DISTANCE.apply(a.toLowerCase(Locale.ROOT), b.toLowerCase(Locale.ROOT));
      return d < 0 ? Integer.MAX_VALUE : d;
   }

   private static int parseInt(String name, String raw, String part, int min, int max, String more) {
      try {
         int value = Integer.parseInt(part);
         if (value >= min && value <= max) {
            return value;
         }
      } catch (NumberFormatException e) {
         // reported below with the allowed range
      }
      throw bad(name, raw, "whole numbers from " + min + " to " + max + more);
   }

   private static String range(double min, double max, boolean minExclusive) {
      return (minExclusive ? "above " : "from ") + trim(min) + " to " + trim(max);
   }

   private static String trim(double d) {
      return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
   }

   public static OptionException bad(Option<?> option, String value, String allowed) {
      return bad(option.name(), value, allowed);
   }

   public static OptionException bad(String name, String value, String allowed) {
      return new OptionException("bad option -D" + name + "=" + value + ": allowed is " + allowed);
   }
}
