package jdbcpoollab.capture;

import java.util.Comparator;
import java.util.List;

/**
 * What every connection did while a statement log was on: the product whose log it is ({@code mysql} for MySQL and
 * MariaDB, {@code postgresql}), how long the capture lasted and each statement, in order of start.
 *
 * @param product     the product, as the lab's dialects name it
 * @param spanMicros  how long the capture lasted, in µs
 * @param statements  the statements, ordered by start
 */
public record Capture(String product, long spanMicros, List<CapturedStatement> statements) {
   public Capture {
      if (!product.matches("[a-z]+")) {
         throw new IllegalArgumentException("a product is a lower-case word, not " + product);
      }
      statements = statements.stream().sorted(Comparator.comparingLong(CapturedStatement::startMicros)).toList();
   }
}
