package jdbcpoollab.capture;

/**
 * A statement of a replay request: its text with the captured literals, and when it started, in µs after the
 * request's start. A replay starts it at that offset or when the request's previous statement ends, whichever is
 * later: the gap is the application's, the statement's own time the database's.
 */
public record TimedStatement(long offsetMicros, String sql) {
}
