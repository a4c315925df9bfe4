package jdbcpoollab.workloads;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a custom statement's text tells before any load: that it writes, or that it would end or change the read-only
 * session or transaction the lab runs it in. Only what can be recognised: the server refuses whatever this misses,
 * since every read-only workload runs on read-only sessions ({@code Database.readOnly}); this check makes the common
 * cases one line before the database is reached.
 */
enum WriteCheck {
   /** Nothing recognised: the server has the last word. */
   NONE,
   /** A statement that writes: its first word, or a data-modifying common table expression. */
   WRITES,
   /** A statement that ends or changes the read-only session or transaction. */
   ENDS_READ_ONLY;

   private static final Pattern WRITES_FIRST = Pattern.compile("(?i)(INSERT|UPDATE|DELETE|MERGE|REPLACE|UPSERT|DROP"
         + "|TRUNCATE|ALTER|CREATE|RENAME|GRANT|REVOKE|COMMENT|LOAD|COPY|VACUUM|REINDEX|CLUSTER)");
   /** A data-modifying statement inside a WITH; UPDATE of a locking read ({@code FOR UPDATE}) is not one. */
   private static final Pattern MODIFIES = Pattern.compile("(?i)\\b(DELETE|INSERT|MERGE)\\b"
         + "|(?<!\\b(FOR|KEY)\\s{1,20})\\bUPDATE\\b");
   private static final Pattern TRANSACTION_CONTROL = Pattern.compile("(?is)(COMMIT|ROLLBACK|SAVEPOINT|RELEASE|ABORT"
         + "|END|START\\s+TRANSACTION)\\b.*|BEGIN\\b(?!.*\\bEND\\b).*|SET\\b.*(\\bTRANSACTION\\b|READ_ONLY).*");
   private static final Pattern SET_CONFIG = Pattern.compile("(?is).*\\bset_config\\b.*read_only.*");

   /** What {@code statement} (one statement, comments and all) is, as far as its text tells. */
   static WriteCheck of(String statement) {
      String code = code(statement);
      String first = code.isEmpty() ? "" : code.split("[\\s(;]+", 2)[0];
      if (WRITES_FIRST.matcher(first).matches()
            || first.equalsIgnoreCase("WITH") && MODIFIES.matcher(code).find()) {
         return WRITES;
      }
      if (TRANSACTION_CONTROL.matcher(code).matches() || SET_CONFIG.matcher(statement).matches()) {
         return ENDS_READ_ONLY;
      }
      return NONE;
   }

   /**
    * The statement without its comments ({@code /* … *}{@code /}, {@code -- …}, {@code # …}) and with its quoted
    * strings and identifiers emptied, stripped: what its words are.
    */
   static String code(String statement) {
      StringBuilder code = new StringBuilder(statement.length());
      int i = 0;
      int n = statement.length();
      while (i < n) {
         char c = statement.charAt(i);
         if (statement.startsWith("/*", i)) {
            int end = statement.indexOf("*/", i + 2);
            i = end < 0 ? n : end + 2;
            code.append(' ');
         } else if (statement.startsWith("--", i) || c == '#') {
            int end = statement.indexOf('\n', i);
            i = end < 0 ? n : end;
         } else if (c == '\'' || c == '"' || c == '`') {
            int j = i + 1;
            while (j < n && statement.charAt(j) != c) {
               j += statement.charAt(j) == '\\' && c == '\'' ? 2 : 1;
            }
            code.append(c).append(c);
            i = j + 1;
         } else {
            code.append(c);
            i++;
         }
      }
      return code.toString().strip().toUpperCase(Locale.ROOT);
   }
}
