package jdbcpoollab.run;

import jdbcpoollab.options.OptionException;
import jdbcpoollab.redact.Redactor;

import java.util.function.Supplier;

/**
 * How a run ends when it cannot go on: one line and an exit code (docs/troubleshooting.md). Gatling's own codes are 0
 * (success), 1 (crash) and 2 (assertions failed). Inside a test JVM ({@code -Dlab.noExit=true}) the JVM is not ended:
 * a {@link LabExit} is thrown instead.
 */
public final class Exit {
   public static final int INCOMPLETE = 3;
   public static final int BAD_OPTION = 64;
   /** A step had no successful operation inside its window: nothing to size a pool on. */
   public static final int NOTHING_MEASURED = 65;
   public static final int DATABASE_UNAVAILABLE = 69;
   public static final int RESULTS_NOT_WRITABLE = 73;
   public static final int RESULTS_LOST = 74;
   public static final int BUSY = 75;

   private Exit() {
   }

   /** Reads options; bad input ends the JVM with one line and {@link #BAD_OPTION}, before anything starts. */
   public static <T> T options(Supplier<T> reader) {
      try {
         return reader.get();
      } catch (OptionException e) {
         throw now(BAD_OPTION, e.getMessage());
      }
   }

   /** Ends the run with one line; inside a test JVM throws instead. */
   public static LabExit now(int code, String message) {
      String line = "jdbc-pool-lab: " + Redactor.text(message) + " (exit code " + code + ")";
      if (inTestJvm()) {
         return new LabExit(code, line);
      }
      System.err.println(line);
      System.err.flush();
      System.exit(code);
      return new LabExit(code, line);
   }

   static boolean inTestJvm() {
      return Boolean.getBoolean("lab.noExit");
   }

   /** A run that cannot go on. */
   public static final class LabExit extends RuntimeException {
      private final int code;

      LabExit(int code, String message) {
         super(message);
         this.code = code;
      }

      public int code() {
         return code;
      }
   }
}
