package jdbcpoollab.capture;

import java.util.Locale;

/**
 * When a replayed transaction's next statement is sent. A statement log gives each statement's start, not its end:
 * the time from one start to the next holds the statement's own time on the capturing server, with the log writing
 * beside it, and the application's time between statements. {@link #CAPTURED} keeps those offsets (a statement
 * starts at its offset or when the previous one ended, whichever is later); {@link #NONE} sends each statement as
 * soon as the previous one ended, as an application with no work between its statements does.
 */
public enum ReplayGaps {
   /** Each statement at its captured offset from the request's start, or when the previous one ended. */
   CAPTURED,
   /** Each statement as soon as the previous one ended: the request's first at its arrival. */
   NONE;

   /**
    * The earliest {@link System#nanoTime()} at which {@code statement} may start, for a request that started at
    * {@code startNanos}.
    */
   public long due(long startNanos, TimedStatement statement) {
      return this == CAPTURED ? startNanos + statement.offsetMicros() * 1000 : startNanos;
   }

   /** As {@code -Dreplay.gaps} names it. */
   public String optionValue() {
      return name().toLowerCase(Locale.ROOT);
   }

   public static ReplayGaps of(String optionValue) {
      return valueOf(optionValue.toUpperCase(Locale.ROOT));
   }
}
