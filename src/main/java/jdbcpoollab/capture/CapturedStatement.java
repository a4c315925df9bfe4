package jdbcpoollab.capture;

import jdbcpoollab.redact.Redactor;

/**
 * One statement a connection sent, as a statement log tells it: which connection, when it started, in µs from the
 * capture's start, and its text with its literals. A statement that sets a password is kept with it masked.
 *
 * @param connection  the server's id of the connection (MySQL's thread id, PostgreSQL's process id)
 * @param startMicros when the statement started, µs after the capture's start
 * @param text        the statement's text
 */
public record CapturedStatement(long connection, long startMicros, String text) {
   public CapturedStatement {
      text = Redactor.sql(text);
   }
}
