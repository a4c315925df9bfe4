package jdbcpoollab.run;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.OptionalInt;

/**
 * Which signal is ending the JVM, so that an interrupted run records the exit code the JVM ends with (128 + the
 * signal's number: 130 for Ctrl-C, 143 for SIGTERM). A shutdown hook is not told why the JVM ends; the JVM's own
 * handlers of SIGINT and SIGTERM are wrapped instead, and still end the JVM as before.
 */
final class Signals {
   private static volatile OptionalInt ending = OptionalInt.empty();
   private static boolean watching;

   private Signals() {
   }

   /** Starts noting SIGINT and SIGTERM; a signal the JVM ignores (started under nohup) stays ignored. */
   static synchronized void watch() {
      if (!watching) {
         watching = true;
         note("INT");
         note("TERM");
      }
   }

   /**
    * The JVM is ending with {@code code} for a reason of the lab's own (the process that started it ended); the first
    * reason, a signal's or this, is the one the JVM ends with.
    */
   static synchronized void ending(int code) {
      if (ending.isEmpty()) {
         ending = OptionalInt.of(code);
      }
   }

   /** The code the JVM ends with, when a signal or the lab ended it. */
   static OptionalInt code() {
      return ending;
   }

   private static void note(String name) {
      Signal signal = new Signal(name);
      try {
         SignalHandler[] previous = new SignalHandler[1];
         previous[0] = Signal.handle(signal, s -> {
            ending(128 + s.getNumber());
            if (previous[0] == null) { // a signal before handle() returned: do what the JVM's own handler does
               System.exit(128 + s.getNumber());
            }
            previous[0].handle(s);
         });
         if (previous[0] == SignalHandler.SIG_IGN || previous[0] == SignalHandler.SIG_DFL) {
            Signal.handle(signal, previous[0]);
         }
      } catch (IllegalArgumentException e) {
         // the JVM does not let Java handle this signal (-Xrs): its exit code is not known then
      }
   }
}
