package jdbcpoollab.redact;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Log events counted by kind: a logger, a level and a message whose numbers, ids and hash codes are left out, so
 * that a pool's "connection …@1a2b marked as broken" for each of its connections is one kind. Not thread-safe.
 */
final class LogKinds {
   private static final Pattern NUMBERS = Pattern.compile("[0-9a-fA-F]*[0-9][0-9a-fA-F]*");

   private final Set<String> kinds = new HashSet<>();
   private long events;

   /** Counts one event; true when it is the first of its kind. */
   boolean count(String logger, String level, String message) {
      events++;
      String firstLine = message == null ? "" : message.lines().findFirst().orElse("");
      return kinds.add(logger + " " + level + " " + NUMBERS.matcher(firstLine).replaceAll("N"));
   }

   long events() {
      return events;
   }

   int kinds() {
      return kinds.size();
   }
}
