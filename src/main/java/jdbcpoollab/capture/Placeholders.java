package jdbcpoollab.capture;

/**
 * Finds a parameter marker ({@code ?}) outside quotes and comments in a statement of MySQL's or MariaDB's log, where
 * no statement sent as text can hold one. The general log writes a server-side prepared statement's {@code Execute}
 * with its parameters only when the log was on at its {@code Prepare}: an application whose connections prepared their
 * statements before a capture switched the log on is logged with its markers, and a replay cannot send those.
 */
final class Placeholders {
   private Placeholders() {
   }

   /** Whether {@code sql} holds a {@code ?} outside its quoted texts, identifiers and comments. */
   static boolean in(String sql) {
      int n = sql.length();
      for (int i = 0; i < n; i++) {
         char c = sql.charAt(i);
         if (c == '\'' || c == '"' || c == '`') {
            i = closing(sql, i, c);
         } else if (c == '#' || c == '-' && i + 2 < n && sql.charAt(i + 1) == '-'
               && Character.isWhitespace(sql.charAt(i + 2))) {
            int end = sql.indexOf('\n', i);
            i = end < 0 ? n : end;
         } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
            int end = sql.indexOf("*/", i + 2);
            i = end < 0 ? n : end + 1;
         } else if (c == '?') {
            return true;
         }
      }
      return false;
   }

   /** Where the quoted text opened at {@code open} by {@code quote} closes (a doubled quote or a backslash escapes). */
   private static int closing(String sql, int open, char quote) {
      for (int i = open + 1; i < sql.length(); i++) {
         char c = sql.charAt(i);
         if (c == '\\' && quote != '`') {
            i++;
         } else if (c == quote) {
            if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
               i++;
            } else {
               return i;
            }
         }
      }
      return sql.length();
   }
}
