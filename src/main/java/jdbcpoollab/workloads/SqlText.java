package jdbcpoollab.workloads;

import jdbcpoollab.db.Dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL text cut into the statement's code and what is the statement's own text: quoted strings and identifiers,
 * comments and PostgreSQL's dollar quotes. A {@code ;}, a {@code ?} or a {@code #{name}} means something only in the
 * code. The quoting rules differ by product: MySQL and MariaDB escape with a backslash inside quotes, take {@code #}
 * as a line comment and a {@code --} comment only before a space, and run what an executable comment holds as code
 * ({@code /*!…}, {@code /*!50000…}, MariaDB's {@code /*M!100000…}, to the comment's end), its marks alone being
 * comments; standard SQL (PostgreSQL, Oracle) doubles quotes, with PostgreSQL's {@code E'…'} escapes, nested block
 * comments and {@code $tag$ … $tag$} quotes.
 */
public final class SqlText {
   /** How a product quotes. */
   public enum Quoting {
      MYSQL, STANDARD;

      /** The quoting of a product, as the lab's dialects name it ({@link Dialect#name}): MySQL's and MariaDB's own. */
      public static Quoting of(String product) {
         return "mysql".equals(product) ? MYSQL : STANDARD;
      }
   }

   /** A run of the text: code, or the statement's own text (a quote or a comment). */
   public record Part(String text, boolean code) {
      /** Whether it is a comment, or an executable comment's mark: nothing of the statement's at all. */
      public boolean comment() {
         return !code && (text.startsWith("--") || text.startsWith("#") || text.startsWith("/*")
               || text.equals("*/"));
      }
   }

   /** An executable comment's opening mark, with the server version it may name. */
   private static final Pattern EXECUTABLE = Pattern.compile("/\\*M?!\\d{0,6}");

   private final String sql;
   private final Quoting quoting;
   private final List<Part> parts = new ArrayList<>();
   private int at;
   /** Inside an executable comment, which the next star and slash close. */
   private boolean executable;

   private SqlText(String sql, Quoting quoting) {
      this.sql = sql;
      this.quoting = quoting;
   }

   /** The parts of {@code sql}, in order; an unterminated quote or comment runs to the end, for the server to refuse. */
   public static List<Part> parts(String sql, Quoting quoting) {
      SqlText text = new SqlText(sql, quoting);
      text.scan();
      return List.copyOf(text.parts);
   }

   /** {@code sql} with every quote and comment replaced by one space: what the statement says in code. */
   public static String code(String sql, Quoting quoting) {
      StringBuilder code = new StringBuilder();
      for (Part part : parts(sql, quoting)) {
         code.append(part.code() ? part.text() : " ");
      }
      return code.toString();
   }

   /** {@code sql} with every comment replaced by one space, its quotes kept: the statement as the server runs it. */
   public static String uncommented(String sql, Quoting quoting) {
      StringBuilder text = new StringBuilder();
      for (Part part : parts(sql, quoting)) {
         text.append(part.comment() ? " " : part.text());
      }
      return text.toString();
   }

   private void scan() {
      int codeFrom = 0;
      while (at < sql.length()) {
         int start = at;
         int end = quotedEnd();
         if (end < 0) {
            at++;
            continue;
         }
         if (start > codeFrom) {
            parts.add(new Part(sql.substring(codeFrom, start), true));
         }
         parts.add(new Part(sql.substring(start, end), false));
         at = end;
         codeFrom = end;
      }
      if (codeFrom < sql.length()) {
         parts.add(new Part(sql.substring(codeFrom), true));
      }
   }

   /** Where the quote or comment starting at {@code at} ends, or -1 when none starts there. */
   private int quotedEnd() {
      char c = sql.charAt(at);
      boolean mysql = quoting == Quoting.MYSQL;
      if (executable && c == '*' && next(1) == '/') {
         executable = false;
         return at + 2;
      }
      if (c == '\'' || c == '"' || (mysql && c == '`')) {
         boolean escapes = mysql && c != '`' || !mysql && c == '\'' && escapeString();
         return closing(at + 1, c, escapes);
      }
      if (c == '-' && next(1) == '-' && (!mysql || Character.isWhitespace(next(2)) || at + 2 == sql.length())) {
         return lineEnd();
      }
      if (mysql && c == '#' && next(1) != '{') {
         return lineEnd();
      }
      if (c == '/' && next(1) == '*') {
         return mysql && !executable && (next(2) == '!' || next(2) == 'M') ? executableStart() : blockEnd();
      }
      if (!mysql && c == '$' && !identifierBefore(at)) {
         return dollarEnd();
      }
      return -1;
   }

   /** An executable comment's opening mark, which its code follows; else a comment. */
   private int executableStart() {
      Matcher opening = EXECUTABLE.matcher(sql).region(at, sql.length());
      if (!opening.lookingAt()) {
         return blockEnd();
      }
      executable = true;
      return opening.end();
   }

   /** PostgreSQL's {@code E'…'}: the E a word of its own, just before the quote. */
   private boolean escapeString() {
      return at > 0 && (sql.charAt(at - 1) == 'E' || sql.charAt(at - 1) == 'e') && !identifierBefore(at - 1);
   }

   private int closing(int from, char quote, boolean escapes) {
      int i = from;
      while (i < sql.length()) {
         char c = sql.charAt(i);
         if (escapes && c == '\\') {
            i += 2;
         } else if (c == quote) {
            if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
               i += 2;
            } else {
               return i + 1;
            }
         } else {
            i++;
         }
      }
      return sql.length();
   }

   private int lineEnd() {
      int newline = sql.indexOf('\n', at);
      return newline < 0 ? sql.length() : newline;
   }

   /** A block comment's end; PostgreSQL nests them, and nesting is harmless where a product does not. */
   private int blockEnd() {
      int depth = 0;
      int i = at;
      while (i < sql.length() - 1) {
         if (sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
            depth++;
            i += 2;
         } else if (sql.charAt(i) == '*' && sql.charAt(i + 1) == '/') {
            depth--;
            i += 2;
            if (depth == 0) {
               return i;
            }
         } else {
            i++;
         }
      }
      return sql.length();
   }

   /** {@code $$ … $$} or {@code $tag$ … $tag$}; a lone {@code $} (a parameter such as {@code $1}) is code. */
   private int dollarEnd() {
      int i = at + 1;
      while (i < sql.length() && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_'
            || i > at + 1 && Character.isDigit(sql.charAt(i)))) {
         i++;
      }
      if (i >= sql.length() || sql.charAt(i) != '$') {
         return -1;
      }
      String tag = sql.substring(at, i + 1);
      int close = sql.indexOf(tag, i + 1);
      return close < 0 ? sql.length() : close + tag.length();
   }

   private boolean identifierBefore(int index) {
      if (index == 0) {
         return false;
      }
      char before = sql.charAt(index - 1);
      return Character.isLetterOrDigit(before) || before == '_' || before == '$';
   }

   private char next(int ahead) {
      return at + ahead < sql.length() ? sql.charAt(at + ahead) : '\0';
   }
}
