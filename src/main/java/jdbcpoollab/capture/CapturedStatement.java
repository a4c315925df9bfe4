package jdbcpoollab.capture;

import jdbcpoollab.redact.Redactor;

/**
 * One statement a connection sent, as a statement log tells it: which connection, when it started, in µs from the
 * capture's start, its text with its literals, and whether the application sent it prepared. A statement that sets a
 * password is kept with it masked.
 *
 * @param connection  the server's id of the connection (MySQL's thread id, PostgreSQL's process id)
 * @param startMicros when the statement started, µs after the capture's start
 * @param text        the statement's text
 * @param prepared    whether the application sent it as a prepared statement's execution (MySQL's binary protocol,
 *                    PostgreSQL's extended protocol with parameters or a named statement) rather than as text
 */
public record CapturedStatement(long connection, long startMicros, String text, boolean prepared) {
   public CapturedStatement {
      text = Redactor.sql(text);
   }

   /** A statement the application sent as text. */
   public CapturedStatement(long connection, long startMicros, String text) {
      this(connection, startMicros, text, false);
   }
}
