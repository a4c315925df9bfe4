package jdbcpoollab.capture;

/**
 * A statement of a replay request: its text with the captured literals, when it started, in µs after the request's
 * start, and, when the application sent it prepared, how the replay prepares it. A replay starts it at that offset or
 * when the request's previous statement ends, whichever is later: the gap is the application's, the statement's own
 * time the database's.
 *
 * @param parameterized its text with markers and their values, for a statement the application sent prepared; null
 *                      for one it sent as text
 */
public record TimedStatement(long offsetMicros, String sql, Parameterized parameterized) {
   /** A statement the application sent as text. */
   public TimedStatement(long offsetMicros, String sql) {
      this(offsetMicros, sql, null);
   }

   /** Whether the application sent it prepared, and so the replay does. */
   public boolean prepared() {
      return parameterized != null;
   }
}
