package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A captured statement as a replay prepares it: its text with each literal it can bind replaced by a JDBC marker
 * ({@code ?}), and the literals' values in order, a {@link Long} for a whole number that fits one, a
 * {@link BigDecimal} for another number, a {@link String} for a single-quoted string, its quoting undone. No list is
 * folded: each literal is a marker of its own.
 *
 * <p>A literal stays in the text where a marker would not mean what it did: a number with an exponent (a double, not
 * a decimal) or in hex, a string with a prefix or after a type name ({@code X'…'}, {@code N'…'}, {@code _utf8mb4'…'},
 * PostgreSQL's {@code E'…'}, {@code DATE '…'}), after any word but the few a value follows, a string beside another
 * (MySQL joins them) or before {@code COLLATE}, a number of a type's length ({@code DECIMAL(10,2)}) or of an
 * {@code ORDER BY} or {@code GROUP BY} list (a column's position). A double-quoted text stays too: MySQL reads it as a
 * string or, under {@code ANSI_QUOTES}, as a name, and a capture does not say which. A minus stays in the text and
 * the number's value is bound without it. In PostgreSQL's quoting only strings become markers: its log writes every
 * parameter as a quoted string, so a number in a captured statement was in the application's own text; and a
 * {@code ?} of its code (a jsonb operator) is written {@code ??}, as pgjdbc reads a prepared statement.
 *
 * @param sql    the text with markers
 * @param values the values, one per marker in order
 */
public record Parameterized(String sql, List<Object> values) {
   private static final Pattern NUMBER = Pattern.compile("(?<![\\w$.])(?:0[xXbB][0-9a-fA-F]+|\\d+(?:\\.\\d*)?"
         + "(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?)(?![\\w.])");
   /** The words a value may follow; after any other (a type, an introducer, {@code INTERVAL}) a literal stays. */
   private static final Set<String> VALUE_WORDS = Set.of("SELECT", "WHERE", "AND", "OR", "NOT", "LIKE", "ILIKE",
         "BETWEEN", "CASE", "WHEN", "THEN", "ELSE", "LIMIT", "OFFSET", "HAVING", "RETURN", "XOR", "REGEXP", "RLIKE");
   /** How far back from a literal the checks read: a type's length or an ORDER BY list are near. */
   private static final int TAIL = 256;
   private static final Pattern LAST_WORD = Pattern.compile("([\\w$]+)\\s*$");
   /** Characters a value may follow: an operator (PostgreSQL's {@code ?} among them), a parenthesis, a comma. */
   private static final String VALUE_AFTER = "=<>!(,+-*/%|&^~[?";
   private static final Pattern UNICODE_PREFIX = Pattern.compile("(?i)(?<![\\w$])U&$");
   private static final Pattern TYPE_LENGTH = Pattern.compile("(?i)\\b(?:DECIMAL|NUMERIC|DEC|FIXED|CHAR|VARCHAR"
         + "|CHARACTER|VARYING|NCHAR|NVARCHAR|BINARY|VARBINARY|FLOAT|DOUBLE|REAL|BIT|TIME|TIMESTAMP|DATETIME"
         + "|INT|INTEGER|TINYINT|SMALLINT|MEDIUMINT|BIGINT|TEXT|BLOB)\\s*\\(\\s*(?:\\d+\\s*,\\s*)?$");
   private static final Pattern POSITION = Pattern.compile("(?i)\\b(?:ORDER|GROUP)\\s+BY\\s+(?:[^()]*,\\s*)?$");
   private static final Pattern BEFORE_COLLATE = Pattern.compile("(?i)^\\s*COLLATE\\b");

   public Parameterized {
      values = List.copyOf(values);
   }

   /** {@code sql}, a statement of a product quoted as {@code quoting}, with its literals as markers. */
   public static Parameterized of(String sql, SqlText.Quoting quoting) {
      List<SqlText.Part> parts = SqlText.parts(sql, quoting);
      StringBuilder out = new StringBuilder(sql.length());
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
         SqlText.Part part = parts.get(i);
         String value = string(part) ? unquoted(part.text(), quoting) : null;
         if (part.code() && quoting == SqlText.Quoting.MYSQL) {
            numbers(part.text(), out, values);
         } else if (part.code()) {
            // pgjdbc takes every ? of a prepared statement's code for a marker, and ?? for a question mark
            out.append(part.text().replace("?", "??"));
         } else if (value != null && bindable(out) && !besideString(parts, i)) {
            out.append('?');
            values.add(value);
         } else {
            out.append(part.text());
         }
      }
      return new Parameterized(out.toString(), values);
   }

   /** {@code code} appended to {@code out}, each number that can be bound as a marker, its value added. */
   private static void numbers(String code, StringBuilder out, List<Object> values) {
      Matcher m = NUMBER.matcher(code);
      int from = 0;
      while (m.find()) {
         out.append(code, from, m.start());
         String number = m.group();
         CharSequence before = tail(out);
         if (number.matches("[\\d.]+") && bindable(out) && !TYPE_LENGTH.matcher(before).find()
               && !POSITION.matcher(before).find()) {
            out.append('?');
            values.add(number(number));
         } else {
            out.append(number);
         }
         from = m.end();
      }
      out.append(code, from, code.length());
   }

   private static Object number(String digits) {
      if (digits.indexOf('.') < 0 && digits.length() <= 19) {
         try {
            return Long.parseLong(digits);
         } catch (NumberFormatException e) {
            // past a long: a decimal
         }
      }
      return new BigDecimal(digits);
   }

   /** The end of {@code out} the checks read: what a literal follows, not the whole statement again for each. */
   private static CharSequence tail(StringBuilder out) {
      return out.subSequence(Math.max(0, out.length() - TAIL), out.length());
   }

   /** Whether a value may start where {@code out} ends: after an operator, a parenthesis, a comma or a value word. */
   private static boolean bindable(StringBuilder out) {
      String before = tail(out).toString().stripTrailing();
      if (before.isEmpty()) {
         return true;
      }
      if (UNICODE_PREFIX.matcher(before).find()) {
         return false;
      }
      if (VALUE_AFTER.indexOf(before.charAt(before.length() - 1)) >= 0) {
         return true;
      }
      Matcher word = LAST_WORD.matcher(before);
      return word.find() && VALUE_WORDS.contains(word.group(1).toUpperCase(Locale.ROOT));
   }

   private static boolean string(SqlText.Part part) {
      return !part.code() && part.text().startsWith("'");
   }

   /** A string right after or before another, whitespace between (which MySQL joins into one), or before COLLATE. */
   private static boolean besideString(List<SqlText.Part> parts, int i) {
      boolean after = i >= 2 && parts.get(i - 1).code() && parts.get(i - 1).text().isBlank()
            && string(parts.get(i - 2));
      boolean before = i + 2 < parts.size() && parts.get(i + 1).code() && parts.get(i + 1).text().isBlank()
            && string(parts.get(i + 2));
      boolean collated = i + 1 < parts.size() && parts.get(i + 1).code()
            && BEFORE_COLLATE.matcher(parts.get(i + 1).text()).find();
      return after || before || collated;
   }

   /**
    * The string a single-quoted literal holds, doubled quotes and in MySQL backslash escapes undone; null when it
    * does not close (the statement's end came first), for the server to refuse as the application's text.
    */
   static String unquoted(String literal, SqlText.Quoting quoting) {
      StringBuilder out = new StringBuilder(literal.length());
      for (int i = 1; i < literal.length(); i++) {
         char c = literal.charAt(i);
         if (c == '\'' && i + 1 < literal.length() && literal.charAt(i + 1) == '\'') {
            i++;
         } else if (c == '\'') {
            return i == literal.length() - 1 ? out.toString() : null;
         } else if (c == '\\' && quoting == SqlText.Quoting.MYSQL && i + 1 < literal.length()) {
            c = literal.charAt(++i);
            switch (c) {
               case '0' -> c = '\0';
               case 'b' -> c = '\b';
               case 'n' -> c = '\n';
               case 'r' -> c = '\r';
               case 't' -> c = '\t';
               case 'Z' -> c = '\u001a';
               case '%', '_' -> out.append('\\'); // LIKE's escapes: MySQL keeps their backslash
               default -> {
                  // \' \" \\ and any other character stand for themselves
               }
            }
         }
         out.append(c);
      }
      return null;
   }
}
