package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;

import java.util.regex.Pattern;

/**
 * A statement's normalized shape, what statements of one kind share: string and number literals replaced by
 * {@code ?}, comments dropped, an {@code IN} list and a multi-row {@code VALUES} list folded to one item, whitespace
 * collapsed. Quoted identifiers stay.
 */
public final class Shape {
   private static final Pattern NUMBER = Pattern.compile(
         "(?<![\\w$.])(?:0x[0-9a-fA-F]+|\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?)(?![\\w])");
   private static final Pattern STRING_PREFIX = Pattern.compile("(?i)(?<![\\w$])[ENXB]\\s*$");
   private static final Pattern IN_LIST = Pattern.compile("(?i)\\bIN\\s*\\(\\s*\\?(?:\\s*,\\s*\\?)*\\s*\\)");
   private static final String ROW = "\\(\\s*\\?(?:\\s*,\\s*\\?)*\\s*\\)";
   private static final Pattern ROWS = Pattern.compile("(" + ROW + ")(?:\\s*,\\s*" + ROW + ")+");
   /** A minus that is a sign: after an operator, a parenthesis or a comma. */
   private static final Pattern SIGNED = Pattern.compile("([=<>(,] ?)- ?\\?");
   private static final Pattern SPACE = Pattern.compile("\\s+");

   private Shape() {
   }

   /** The shape of {@code sql}, a statement of a product quoted as {@code quoting}. */
   public static String of(String sql, SqlText.Quoting quoting) {
      StringBuilder out = new StringBuilder(sql.length());
      for (SqlText.Part part : SqlText.parts(sql, quoting)) {
         String text = part.text();
         if (part.code()) {
            out.append(NUMBER.matcher(text).replaceAll("?"));
         } else if (part.comment()) {
            out.append(' ');
         } else if (literal(text, quoting)) {
            String before = STRING_PREFIX.matcher(out).replaceFirst("");
            out.setLength(0);
            out.append(before).append('?');
         } else {
            out.append(text);
         }
      }
      String shape = SPACE.matcher(out).replaceAll(" ").trim();
      shape = SIGNED.matcher(shape).replaceAll("$1?");
      shape = IN_LIST.matcher(shape).replaceAll("IN (?)");
      shape = ROWS.matcher(shape).replaceAll("$1");
      return shape.endsWith(";") ? shape.substring(0, shape.length() - 1).trim() : shape;
   }

   /** A string: single-quoted, dollar-quoted, or in MySQL double-quoted; a backtick or PostgreSQL's " is a name. */
   private static boolean literal(String text, SqlText.Quoting quoting) {
      return text.startsWith("'") || text.startsWith("$")
            || quoting == SqlText.Quoting.MYSQL && text.startsWith("\"");
   }
}
