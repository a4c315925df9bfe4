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
   /** How a value is read through {@link Options}, which keeps the wording of every refusal. */
   private interface Reader<T> {
      T read(Options options, String name, T fallback, List<String> allowed);
   }

   private final String name;
   private final T fallback;
   private final List<String> allowed;
   private final String help;
   private final Reader<T> reader;

   private Option(String name, T fallback, List<String> allowed, String help, Reader<T> reader) {
      this.name = Objects.requireNonNull(name);
      this.fallback = fallback;
      this.allowed = allowed;
      this.help = Objects.requireNonNull(help);
      this.reader = reader;
   }

   /** A whole number from {@code min} to {@code max}. */
   public static Option<Integer> integer(String name, int fallback, int min, int max, String help) {
      return new Option<>(name, fallback, null, help, (o, n, f, a) -> o.integer(n, f, min, max));
   }

   /** A number from {@code min} to {@code max}. */
   public static Option<Double> decimal(String name, double fallback, double min, double max, String help) {
      return new Option<>(name, fallback, null, help, (o, n, f, a) -> o.decimal(n, f, min, max, false));
   }

   /** A number above {@code min}, up to {@code max}. */
   public static Option<Double> above(String name, double fallback, double min, double max, String help) {
      return new Option<>(name, fallback, null, help, (o, n, f, a) -> o.decimal(n, f, min, max, true));
   }

   /** Comma-separated whole numbers from {@code min} to {@code max}, each once; null when there is no default. */
   public static Option<List<Integer>> integers(String name, List<Integer> fallback, int min, int max, String help) {
      return new Option<>(name, fallback, null, help, (o, n, f, a) -> o.integers(n, f == null ? null
            : String.join(",", f.stream().map(String::valueOf).toList()), min, max));
   }

   /** Free text, checked where it is used; null when there is no default. */
   public static Option<String> text(String name, String fallback, String help) {
      return new Option<>(name, fallback, null, help, (o, n, f, a) -> o.string(n, f));
   }

   /** One name out of {@code allowed} (null: handed over by {@link #withAllowed}). */
   public static Option<String> choice(String name, String fallback, List<String> allowed, String help) {
      return new Option<>(name, fallback, allowed, help, (o, n, f, a) -> o.choice(n, f, a));
   }

   /** Comma-separated names out of {@code allowed} (null: handed over by {@link #withAllowed}), each once. */
   public static Option<List<String>> choices(String name, List<String> fallback, List<String> allowed, String help) {
      return new Option<>(name, fallback, allowed, help, (o, n, f, a) -> o.choices(n, f == null ? null
            : String.join(",", f), a));
   }

   /** The same option with an experiment's own default. */
   public Option<T> withDefault(T otherFallback) {
      return new Option<>(name, otherFallback, allowed, help, reader);
   }

   /** The same option with the names it allows, from a registry. */
   public Option<T> withAllowed(List<String> names) {
      return new Option<>(name, fallback, List.copyOf(names), help, reader);
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

   T readFrom(Options options) {
      if (reader == null) {
         throw new IllegalStateException("-D" + name + " is read by its own code");
      }
      return reader.read(options, name, fallback, allowed);
   }

   @Override
   public String toString() {
      return "-D" + name;
   }
}
