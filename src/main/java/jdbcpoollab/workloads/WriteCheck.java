package jdbcpoollab.workloads;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a statement's text tells before any load: that it writes, that it would end or change the read-only session
 * or transaction the lab runs it in, or that it changes what a read-only session does not guard (the server's
 * settings, files on its host, large objects) or runs SQL the text does not show. Only what can be recognised: the
 * server refuses the writes this misses, since every read-only workload runs on read-only sessions
 * ({@code Database.readOnly}); this check makes the common cases one line before the database is reached. MySQL's
 * and MariaDB's executable comments are code here as they are to the server ({@link SqlText}).
 */
public enum WriteCheck {
   /** Nothing recognised: the server has the last word. */
   NONE,
   /** A statement that writes: its first word, or a data-modifying common table expression. */
   WRITES,
   /** A statement that ends or changes the read-only session or transaction. */
   ENDS_READ_ONLY,
   /**
    * A statement that changes the session's or the server's state, which a read-only session does not stop, or that
    * runs SQL its text does not show.
    */
   CHANGES_STATE;

   /** A statement's first word: {@code SET@@x = 1} is a SET too. */
   private static final Pattern FIRST_WORD = Pattern.compile("\\w+");
   private static final Pattern WRITES_FIRST = Pattern.compile("(?i)(INSERT|UPDATE|DELETE|MERGE|REPLACE|UPSERT|DROP"
         + "|TRUNCATE|ALTER|CREATE|RENAME|GRANT|REVOKE|COMMENT|LOAD|COPY|VACUUM|REINDEX|CLUSTER)");
   /** A data-modifying statement inside a WITH; UPDATE of a locking read ({@code FOR UPDATE}) is not one. */
   private static final Pattern MODIFIES = Pattern.compile("(?i)\\b(DELETE|INSERT|MERGE)\\b"
         + "|(?<!\\b(FOR|KEY)\\s{1,20})\\bUPDATE\\b");
   private static final Pattern TRANSACTION_CONTROL = Pattern.compile("(?is)(COMMIT|ROLLBACK|SAVEPOINT|RELEASE|ABORT"
         + "|END|START\\s+TRANSACTION)\\b.*|BEGIN\\b(?!.*\\bEND\\b).*");
   private static final Pattern READ_ONLY_SETTING = Pattern.compile("(?is)SET\\b.*(\\bTRANSACTION\\b|READ_ONLY).*");
   private static final Pattern SET_CONFIG = Pattern.compile("(?is).*\\bset_config\\b.*read_only.*");
   /** The server's administration, dynamic SQL and session state, by first word ({@code SET} apart). */
   private static final Pattern STATE_FIRST = Pattern.compile("(?i)(RESET|USE|KILL|FLUSH|PURGE|INSTALL|UNINSTALL"
         + "|SHUTDOWN|RESTART|CHANGE|START|STOP|XA|BINLOG|LOCK|UNLOCK|HANDLER|CACHE|OPTIMIZE|REPAIR|CHECKPOINT"
         + "|DISCARD|PREPARE|EXECUTE|DEALLOCATE)");
   /**
    * Statistics gathered ({@code ANALYZE t}, which PostgreSQL runs on a read-only session); MariaDB's {@code ANALYZE
    * SELECT} only reads.
    */
   private static final Pattern ANALYZE = Pattern.compile("(?is)ANALY[SZ]E\\b(?!\\s+(FORMAT\\s*=\\s*\\w+\\s+)?"
         + "(SELECT|WITH)\\b).*");
   /** A file written on the database's host. */
   private static final Pattern INTO_FILE = Pattern.compile("(?i)\\bINTO\\s+(OUTFILE|DUMPFILE)\\b");
   /**
    * PostgreSQL's functions that change what a read-only session does not guard: settings, large objects, files,
    * other sessions, the server, or another connection (dblink). Looked for in the whole text, quotes and comments
    * included: a function's name there is rare, and one called inside a quoted body still runs.
    */
   private static final Pattern STATE_FUNCTIONS = Pattern.compile("(?i)\\b(set_config|lo_creat|lo_create"
         + "|lo_import|lo_export|lo_from_bytea|lo_put|lo_unlink|lo_truncate|lo_truncate64|lowrite"
         + "|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_switch_wal|pg_promote"
         + "|pg_create_restore_point|pg_stat_reset\\w*|pg_\\w*replication_slot|pg_replication_origin_\\w+"
         + "|pg_logical_emit_message|pg_file_\\w+|dblink\\w*)\\b");

   /** What {@code statement} is as either quoting reads it: for a statement whose product is not known. */
   static WriteCheck of(String statement) {
      WriteCheck mysql = of(statement, SqlText.Quoting.MYSQL);
      return mysql != NONE ? mysql : of(statement, SqlText.Quoting.STANDARD);
   }

   /**
    * What {@code statement} (one statement, comments and all) is, as far as its words tell: its quotes and comments
    * read as {@code quoting} reads them ({@link SqlText}) say nothing, but for the names of the functions that change
    * the server's state.
    */
   public static WriteCheck of(String statement, SqlText.Quoting quoting) {
      String code = SqlText.code(statement, quoting).strip().toUpperCase(Locale.ROOT);
      Matcher word = FIRST_WORD.matcher(code);
      String first = word.lookingAt() ? word.group() : "";
      if (WRITES_FIRST.matcher(first).matches()
            || first.equalsIgnoreCase("WITH") && MODIFIES.matcher(code).find()) {
         return WRITES;
      }
      if (TRANSACTION_CONTROL.matcher(code).matches() || SET_CONFIG.matcher(statement).matches()) {
         return ENDS_READ_ONLY;
      }
      if (first.equals("SET") && !userVariablesOnly(code.substring(3))) {
         boolean readOnly = READ_ONLY_SETTING.matcher(SqlText.uncommented(statement, quoting).strip()).matches();
         return readOnly ? ENDS_READ_ONLY : CHANGES_STATE;
      }
      if (STATE_FIRST.matcher(first).matches() || ANALYZE.matcher(code).matches() || INTO_FILE.matcher(code).find()
            || STATE_FUNCTIONS.matcher(statement).find()) {
         return CHANGES_STATE;
      }
      return NONE;
   }

   /**
    * Whether a {@code SET}'s assignments (its code after the word) all set user variables ({@code @x}, not
    * {@code @@x}): the only ones that change nothing of the session's behaviour.
    */
   private static boolean userVariablesOnly(String assignments) {
      int depth = 0;
      int from = 0;
      for (int i = 0; i <= assignments.length(); i++) {
         char c = i < assignments.length() ? assignments.charAt(i) : ',';
         if (c == '(') {
            depth++;
         } else if (c == ')') {
            depth--;
         } else if (c == ',' && depth <= 0) {
            String assignment = assignments.substring(from, i).strip();
            if (!assignment.startsWith("@") || assignment.startsWith("@@")) {
               return false;
            }
            from = i + 1;
         }
      }
      return true;
   }
}
