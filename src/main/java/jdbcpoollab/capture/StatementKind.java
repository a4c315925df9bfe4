package jdbcpoollab.capture;

import jdbcpoollab.workloads.SqlText;
import jdbcpoollab.workloads.WriteCheck;

import java.util.regex.Pattern;

/**
 * What a captured statement is to a replay: the application's work, a transaction's start or end, autocommit
 * switched, or the driver's own chatter (session settings, {@code SELECT @@…}, {@code SHOW VARIABLES}, the drivers'
 * connect-time queries), which a replay leaves out and counts. Comments say nothing; what MySQL's and MariaDB's
 * executable comments hold is code, as their servers run it.
 */
public enum StatementKind {
   WORK, BEGIN, END, AUTOCOMMIT_OFF, AUTOCOMMIT_ON, CHATTER;

   private static final Pattern BEGIN_TEXT = Pattern.compile("(?i)^(?:BEGIN|START\\s+TRANSACTION)\\b");
   private static final Pattern END_TEXT = Pattern.compile(
         "(?i)^(?:COMMIT|ROLLBACK|END)\\b(?!\\s+(?:WORK\\s+)?TO\\b)(?!\\s+PREPARED\\b)");
   private static final Pattern AUTOCOMMIT = Pattern.compile(
         "(?i)^SET\\s+(?:SESSION\\s+|LOCAL\\s+|@@(?:SESSION\\.|LOCAL\\.)?)?AUTOCOMMIT\\s*(?:=|TO)\\s*'?(\\w+)");
   private static final Pattern CHATTER_TEXT = Pattern.compile("(?i)^(?:"
         + "SET\\s+(?!PASSWORD\\b|ROLE\\b|@(?!@))"
         + "|SELECT\\s+@@"
         + "|SELECT\\s+(?:DATABASE|VERSION|CURRENT_SCHEMA|CURRENT_DATABASE|CURRENT_USER|USER)\\s*\\(\\s*\\)\\s*;?\\s*$"
         + "|SHOW\\s+(?:(?:SESSION|GLOBAL|FULL)\\s+)?(?:VARIABLES|WARNINGS|COLLATION|ENGINES|TRANSACTION|CHARACTER)\\b"
         + "|SHOW\\s+\\w+\\s*;?\\s*$"
         + "|DISCARD\\s+ALL\\b|RESET\\s+ALL\\b|DEALLOCATE\\b)");

   /** The kind of {@code sql}, a statement of a product quoted as {@code quoting}. */
   public static StatementKind of(String sql, SqlText.Quoting quoting) {
      String text = SqlText.uncommented(sql, quoting).strip();
      var autocommit = AUTOCOMMIT.matcher(text);
      if (autocommit.find()) {
         return autocommit.group(1).matches("(?i)0|OFF|FALSE") ? AUTOCOMMIT_OFF : AUTOCOMMIT_ON;
      }
      if (BEGIN_TEXT.matcher(text).find()) {
         return BEGIN;
      }
      if (END_TEXT.matcher(text).find()) {
         return END;
      }
      return CHATTER_TEXT.matcher(text).find() ? CHATTER : WORK;
   }

   private static final Pattern WRITE_TEXT = Pattern.compile("(?i)^(?:INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT"
         + "|CREATE|ALTER|DROP|TRUNCATE|RENAME|GRANT|REVOKE|LOAD|COPY|CALL|DO|LOCK|HANDLER|WITH\\b.*\\b(?:INSERT"
         + "|UPDATE|DELETE)\\b)\\b|(?i)^SELECT\\b.*\\bINTO\\s+(?!@|OUTFILE|DUMPFILE)\\w");

   /** A transaction begun read-write, whatever the session's default. */
   private static final Pattern READ_WRITE = Pattern.compile("(?i)\\bREAD\\s+WRITE\\b");
   /** Savepoints, and a transaction's end, which change nothing a read-only session guards. */
   private static final Pattern SAVEPOINTS = Pattern.compile("(?i)^(?:SAVEPOINT|RELEASE|ROLLBACK|ABORT)\\b");

   /**
    * Whether {@code sql} may change data or schema, or what a read-only session does not guard (a setting of the
    * session or the server, a file, a large object; {@link WriteCheck}), or begins a read-write transaction: a replay
    * of it writes.
    */
   public static boolean writes(String sql, SqlText.Quoting quoting) {
      String text = SqlText.uncommented(sql, quoting).strip().replace('\n', ' ');
      StatementKind kind = of(sql, quoting);
      if (kind == BEGIN) {
         return READ_WRITE.matcher(text).find();
      }
      WriteCheck check = kind == WORK ? WriteCheck.of(sql, quoting) : WriteCheck.NONE;
      return WRITE_TEXT.matcher(text).find() || check == WriteCheck.WRITES || check == WriteCheck.CHANGES_STATE
            || check == WriteCheck.ENDS_READ_ONLY && !SAVEPOINTS.matcher(text).find();
   }
}
