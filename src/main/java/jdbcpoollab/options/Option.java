package jdbcpoollab.options;

import java.util.List;
import java.util.Objects;

/**
 * One {@code -Dname=value} option, declared once: its name, its type with its bounds or allowed names, its default
 * and one line of help. An experiment whose default differs reads {@link #withDefault}; names that come from a
 * registry of a later room (pool libraries, workloads, drivers) are handed over with {@link #withAllowed}.
 *
 * @param <T> what it reads as
 */
public final class Option<T> {
   enum Kind { INTEGER, DECIMAL, ABOVE, INTEGERS, TEXT, CHOICE, CHOICES }

   private final String name;
   private final Kind kind;
   private final T fallback;
   private final double min;
   private final double max;
   private final List<String> allowed;
   private final String help;
   /** Said after the bounds when a value is refused: what else it takes, such as {@code , or auto}; "" for nothing. */
   private final String more;

   private Option(String name, Kind kind, T fallback, double min, double max, List<String> allowed, String help) {
      this(name, kind, fallback, min, max, allowed, help, "");
   }

   private Option(String name, Kind kind, T fallback, double min, double max, List<String> allowed, String help,
                  String more) {
      this.name = Objects.requireNonNull(name);
      this.kind = kind;
      this.fallback = fallback;
      this.min = min;
      this.max = max;
      this.allowed = allowed;
      this.help = Objects.requireNonNull(help);
      this.more = Objects.requireNonNull(more);
   }

   /** A whole number from {@code min} to {@code max}. */
   public static Option<Integer> integer(String name, int fallback, int min, int max, String help) {
      return new Option<>(name, Kind.INTEGER, fallback, min, max, null, help);
   }

   /** A number from {@code min} to {@code max}. */
   public static Option<Double> decimal(String name, double fallback, double min, double max, String help) {
      return new Option<>(name, Kind.DECIMAL, fallback, min, max, null, help);
   }

   /** A number above {@code min}, up to {@code max}. */
   public static Option<Double> above(String name, double fallback, double min, double max, String help) {
      return new Option<>(name, Kind.ABOVE, fallback, min, max, null, help);
   }

   /** Comma-separated whole numbers from {@code min} to {@code max}, each once; null when there is no default. */
   public static Option<List<Integer>> integers(String name, List<Integer> fallback, int min, int max, String help) {
      return new Option<>(name, Kind.INTEGERS, fallback, min, max, null, help);
   }

   /** Free text, checked where it is used; null when there is no default. */
   public static Option<String> text(String name, String fallback, String help) {
      return new Option<>(name, Kind.TEXT, fallback, 0, 0, null, help);
   }

   /** One name out of {@code allowed} (null: handed over by {@link #withAllowed}). */
   public static Option<String> choice(String name, String fallback, List<String> allowed, String help) {
      return new Option<>(name, Kind.CHOICE, fallback, 0, 0, allowed, help);
   }

   /** Comma-separated names out of {@code allowed} (null: handed over by {@link #withAllowed}), each once. */
   public static Option<List<String>> choices(String name, List<String> fallback, List<String> allowed, String help) {
      return new Option<>(name, Kind.CHOICES, fallback, 0, 0, allowed, help);
   }

   /** The same option with an experiment's own bounds. */
   public Option<T> within(double otherMin, double otherMax) {
      return new Option<>(name, kind, fallback, otherMin, otherMax, allowed, help, more);
   }

   /** A list of whole numbers read as one of them, {@code otherFallback} when not given. */
   public Option<Integer> one(int otherFallback) {
      if (kind != Kind.INTEGERS) {
         throw new IllegalStateException(this + " is no list of whole numbers");
      }
      return new Option<>(name, Kind.INTEGER, otherFallback, min, max, null, help, more);
   }

   /** The same option with an experiment's own default. */
   public Option<T> withDefault(T otherFallback) {
      return new Option<>(name, kind, otherFallback, min, max, allowed, help, more);
   }

   /**
    * The same option, whose refusal says {@code words} after its bounds: another form its reader takes before it
    * ({@code , or auto}), or why a form is not taken here.
    */
   public Option<T> withMore(String words) {
      return new Option<>(name, kind, fallback, min, max, allowed, help, words);
   }

   /** The same option with the names it allows, from a registry. */
   public Option<T> withAllowed(List<String> names) {
      return new Option<>(name, kind, fallback, min, max, List.copyOf(names), help, more);
   }

   public String name() {
      return name;
   }

   /** The default, null when there is none (the option is needed, or unset means "not used"). */
   public T fallback() {
      return fallback;
   }

   /** The default as the docs write it: {@code 30000}, {@code 0.5}, {@code 1,8}; empty when there is none. */
   public String shownDefault() {
      if (fallback == null) {
         return "";
      }
      if (fallback instanceof List<?> list) {
         return String.join(",", list.stream().map(String::valueOf).toList());
      }
      if (fallback instanceof Double d && d == Math.rint(d)) {
         return Long.toString(d.longValue());
      }
      return String.valueOf(fallback);
   }

   /** The names it allows, null when it takes numbers or text. */
   public List<String> allowed() {
      return allowed;
   }

   public String help() {
      return help;
   }

   Kind kind() {
      return kind;
   }

   double min() {
      return min;
   }

   double max() {
      return max;
   }

   String more() {
      return more;
   }

   /** The default of a list option as it is given: comma-separated, null when there is none. */
   String shownOrNull() {
      return fallback == null ? null : shownDefault();
   }

   @Override
   public String toString() {
      return "-D" + name;
   }
}
