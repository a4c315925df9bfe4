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

   /** What {@code statement} is as either quoting reads it: for a statement whose product is not known. */
   static WriteCheck of(String statement) {
      WriteCheck mysql = of(statement, SqlText.Quoting.MYSQL);
      return mysql != NONE ? mysql : of(statement, SqlText.Quoting.STANDARD);
   }

   /**
    * What {@code statement} (one statement, comments and all) is, as far as its words tell: its quotes and comments
    * read as {@code quoting} reads them ({@link SqlText}) say nothing.
    */
   static WriteCheck of(String statement, SqlText.Quoting quoting) {
      String code = SqlText.code(statement, quoting).strip().toUpperCase(Locale.ROOT);
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
}
