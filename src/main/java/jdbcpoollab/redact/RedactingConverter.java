package jdbcpoollab.redact;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.pattern.CompositeConverter;

/**
 * Logback's {@code %redact(...)}: passes a log line, stack trace included, through the {@link Redactor}, so that a
 * driver or pool quoting a URL or a password cannot put it on the console.
 */
public final class RedactingConverter extends CompositeConverter<ILoggingEvent> {
   @Override
   protected String transform(ILoggingEvent event, String in) {
      return Redactor.text(in);
   }
}
